/** Password reset (spec §2): one email field; the server mails a temporary password. */
import { Alert, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ForgetPasswordBody } from '../../common/schemas/auth';
import { paths } from '../app/paths';
import { ApiForm } from '../components/forms/ApiForm';
import { SubmitButton } from '../components/forms/SubmitButton';
import { TextField } from '../components/forms/fields';
import { useApiForm } from '../components/forms/useApiForm';
import { authApi } from './api';
import { AuthCard } from './AuthCard';

export default function PasswordResetPage() {
  const { t } = useTranslation();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const state = useApiForm({
    schema: ForgetPasswordBody,
    defaultValues: { email: '' },
    onSubmit: async (values) => {
      const { message } = await authApi.forgetPassword(values);
      setSentMessage(message);
      state.form.reset();
    },
  });

  return (
    <AuthCard
      title={t('passwordReset.title')}
      width={480}
      links={[
        { to: paths.login, label: t('passwordReset.loginLink') },
        { to: paths.register, label: t('passwordReset.registerLink') },
      ]}
    >
      <Text size="sm">{t('passwordReset.explanation')}</Text>
      {sentMessage && (
        <Alert color="teal" variant="light" title={t('passwordReset.sentTitle')} icon={<IconMailCheck aria-hidden />} role="status">
          {sentMessage}
        </Alert>
      )}
      <ApiForm state={state}>
        <TextField name="email" type="email" label={t('passwordReset.email')} autoComplete="email" />
        <SubmitButton label={t('passwordReset.submit')} processingLabel={t('passwordReset.submitting')} fullWidth />
      </ApiForm>
    </AuthCard>
  );
}
