/** A code field and its button, for the codes a person types from a phone (an authenticator app, an SMS). */
import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { failureMessage, notifyError } from '../../components/notify';

/** A code field and its button; a 422 on `code` shows under the field. */
export function CodeForm({
  label,
  submitLabel,
  onCode,
  testId,
}: {
  label: string;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
  testId: string;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onCode(code);
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.fieldErrors.code?.[0] : undefined;
      if (message) setError(message);
      else notifyError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={testId}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={label}
          name="code"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          autoComplete="one-time-code"
          inputMode="numeric"
          w={200}
        />
        <Button type="submit" mt={25} loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
