/** A <form> wired to useApiForm: gives its fields the form state and shows messages no field took. */
import { Alert, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormProvider, useFormState } from 'react-hook-form';
import type { z } from 'zod';
import { RequiredFieldsContext, UploadsContext } from './formContext';
import type { ApiFormState } from './useApiForm';

function UnplacedErrors() {
  const { errors } = useFormState();
  const message = errors.root?.server?.message;
  return message ? (
    <Alert color="red" variant="light">
      {message}
    </Alert>
  ) : null;
}

export function ApiForm<S extends z.ZodObject>({ state, children }: { state: ApiFormState<S>; children: ReactNode }) {
  return (
    <FormProvider {...state.form}>
      <RequiredFieldsContext value={state.requiredFields}>
        <UploadsContext value={state.uploads}>
          {/* noValidate: the shared schema validates, with the product's own messages. */}
          <form id={state.formId} onSubmit={(event) => void state.submit(event)} noValidate>
            <Stack gap="md">
              <UnplacedErrors />
              {children}
            </Stack>
          </form>
        </UploadsContext>
      </RequiredFieldsContext>
    </FormProvider>
  );
}
