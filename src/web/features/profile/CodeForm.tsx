/** A code field and its button, for the codes a person types from a phone (an authenticator app, an SMS). */
import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { failureMessage, notifyError } from '../../components/notify';

/**
 * A code field and its button; a 422 on `code` shows under the field. With `passwordLabel`, the account's
 * password is asked first (changes a session alone must not make), its 422 under its own field.
 */
export function CodeForm({
  label,
  submitLabel,
  onCode,
  testId,
  passwordLabel,
}: {
  label: string;
  submitLabel: string;
  onCode: (code: string, password: string) => Promise<void>;
  testId: string;
  passwordLabel?: string;
}) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onCode(code, password);
    } catch (failure) {
      const fields = failure instanceof ApiError ? { code: failure.fieldErrors.code?.[0], password: failure.fieldErrors.password?.[0] } : {};
      if (fields.code || (passwordLabel && fields.password)) setErrors(fields);
      else notifyError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
      <Stack gap="xs">
        {passwordLabel ? (
          <PasswordInput
            label={passwordLabel}
            name="password"
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password}
            autoComplete="current-password"
            w={{ base: '100%', xs: 260 }}
          />
        ) : null}
        <Group align="flex-start" gap="sm">
          <TextInput
            label={label}
            name="code"
            value={code}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setErrors((current) => ({ ...current, code: undefined }));
            }}
            error={errors.code}
            autoComplete="one-time-code"
            inputMode="numeric"
            w={200}
          />
          <Button type="submit" mt={25} loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
