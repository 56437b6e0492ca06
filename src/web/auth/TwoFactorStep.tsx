/**
 * The login's second step for an account with two-factor login: the code of the authenticator app (or a
 * recovery code) for the challenge the password step answered. Plain state, like the login form, for
 * the login screen's download budget.
 */
import { Alert, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { failureMessage, notifyError } from '../components/notify';
import { authApi } from './api';
import { startSession } from './session';

export function TwoFactorStep({ challenge, onRestart }: { challenge: string; onRestart: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [expired, setExpired] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (code.trim() === '') {
      setError(t('twoFactor.codeRequired'));
      return;
    }
    setSubmitting(true);
    try {
      const { data } = await authApi.twoFactor({ challenge, code });
      startSession(data.user, data.token);
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fieldErrors : {};
      if (fields.challenge?.[0]) setExpired(fields.challenge[0]);
      else if (fields.code?.[0]) setError(fields.code[0]);
      else notifyError(failureMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  if (expired)
    return (
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {expired}
        </Alert>
        <Button onClick={onRestart}>{t('twoFactor.restart')}</Button>
      </Stack>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('twoFactor.loginLead')}</Text>
        <TextInput
          label={t('twoFactor.code')}
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          withAsterisk
          autoComplete="one-time-code"
          inputMode="numeric"
          autoFocus
          description={t('twoFactor.recoveryHint')}
        />
        <Button type="submit" fullWidth disabled={submitting} leftSection={submitting ? <Loader size={16} color="currentColor" /> : undefined}>
          {submitting ? t('login.submitting') : t('twoFactor.verify')}
        </Button>
        <Button variant="subtle" onClick={onRestart}>
          {t('twoFactor.restart')}
        </Button>
      </Stack>
    </form>
  );
}
