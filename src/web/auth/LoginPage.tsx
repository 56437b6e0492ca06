/**
 * Login (spec §2): institute id, email or mobile, and password; then, for an account with two-factor
 * login, the app's code (TwoFactorStep). The form is built like ApiForm's
 * (same inputs, marks and messages) on useLoginForm's plain state, for the screen's download budget.
 */
import { Alert, Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../app/paths';
import { preloadSignedInApp } from '../app/shellChunks';
import { authApi } from './api';
import { AuthCard } from './AuthCard';
import { RegisteredBanner } from './RegisteredBanner';
import { clearRegistered, registeredUid } from './registrationMarker';
import { sessionEndReason, startSession } from './session';
import { TwoFactorStep } from './TwoFactorStep';
import { useLoginForm } from './useLoginForm';

export function LoginPage() {
  const { t } = useTranslation();
  const [uid] = useState(registeredUid);
  /** Set when the password was right and the account asks for its second factor. */
  const [challenge, setChallenge] = useState<string | null>(null);
  // Why the last session ended when the server ended it (a deactivated account), instead of a silent login screen.
  const [ended] = useState(sessionEndReason);
  useEffect(preloadSignedInApp, []);
  const form = useLoginForm({
    defaultEmail: uid ?? '',
    onSubmit: async (values) => {
      const { data } = await authApi.login(values);
      clearRegistered();
      if ('two_factor' in data) setChallenge(data.two_factor.challenge);
      else startSession(data.user, data.token);
    },
  });

  if (challenge)
    return (
      <AuthCard title={t('twoFactor.loginTitle')} lead={t('login.subtitle')} width={440} links={[]}>
        <TwoFactorStep challenge={challenge} onRestart={() => setChallenge(null)} />
      </AuthCard>
    );

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
      {ended && (
        <Alert color="orange" variant="light" mb="md" data-testid="session-ended">
          {ended}
        </Alert>
      )}
      {/* noValidate: loginRules.ts checks, with the product's own messages. */}
      <form id={form.formId} onSubmit={(event) => void form.submit(event)} noValidate>
        <Stack gap="md">
          {form.unplaced && (
            <Alert color="red" variant="light">
              {form.unplaced}
            </Alert>
          )}
          <TextInput label={t('login.email')} placeholder={t('login.emailPlaceholder')} autoComplete="username" {...form.field('email')} />
          <PasswordInput label={t('login.password')} autoComplete="current-password" {...form.field('password')} />
          <Button type="submit" fullWidth disabled={form.submitting} leftSection={form.submitting ? <Loader size={16} color="currentColor" /> : undefined}>
            {form.submitting ? t('login.submitting') : t('login.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
