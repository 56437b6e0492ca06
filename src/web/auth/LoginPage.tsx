/** Login (spec §2): institute id, email or mobile, and password. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths';
import { ApiForm } from '../components/forms/ApiForm';
import { SubmitButton } from '../components/forms/SubmitButton';
import { PasswordField, TextField } from '../components/forms/fields';
import { authApi } from './api';
import { AuthCard } from './AuthCard';
import { RegisteredBanner } from './RegisteredBanner';
import { clearRegistered, registeredUid } from './registrationMarker';
import { startSession } from './session';
import { useLoginForm } from './useLoginForm';

export function LoginPage() {
  const { t } = useTranslation();
  const [uid] = useState(registeredUid);
  const state = useLoginForm({
    defaultEmail: uid ?? '',
    onSubmit: async (values) => {
      const { data } = await authApi.login(values);
      clearRegistered();
      startSession(data.user, data.token);
    },
  });

  return (
    <AuthCard
      title={t('login.title')}
      lead={t('login.subtitle')}
      width={440}
      links={[
        { to: paths.register, lead: t('login.noAccount'), label: t('login.registerLink') },
        { to: paths.passwordReset, label: t('login.forgotLink') },
      ]}
    >
      {uid && <RegisteredBanner uid={uid} />}
      <ApiForm state={state}>
        <TextField name="email" label={t('login.email')} placeholder={t('login.emailPlaceholder')} autoComplete="username" />
        <PasswordField name="password" label={t('login.password')} autoComplete="current-password" />
        <SubmitButton label={t('login.submit')} processingLabel={t('login.submitting')} fullWidth />
      </ApiForm>
    </AuthCard>
  );
}
