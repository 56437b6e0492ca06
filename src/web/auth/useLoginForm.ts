/**
 * The login form's state for ApiForm, like useApiForm's but checking its two fields by hand: the
 * shared LoginBody would bring zod into the first screen's download, and the login screen has a
 * budget of 150 KB of JavaScript (issue 6). The rules are LoginBody's (src/common/schemas/auth.ts):
 * both fields required, the identifier trimmed, each within its stored length.
 */
import { useId } from 'react';
import { useForm, type FieldError, type Resolver, type ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { LIMITS } from '../../common/constants';
import { translate } from '../../common/messages';
import type { LoginBody } from '../../common/schemas/auth';
import { ApiError } from '../api/client';
import { failureMessage, notifyError } from '../components/notify';
import { errorPaths, revealFirstError } from '../components/forms/revealFirstError';
import { applyServerErrors } from '../components/forms/serverErrors';
import type { ApiFormState } from '../components/forms/useApiForm';
import { currentLanguage } from '../i18n';

/** LoginBody's shape, for the types ApiForm shares with useApiForm; nothing of zod runs here. */
type LoginSchema = z.ZodObject<{ email: z.ZodString; password: z.ZodString }>;
type LoginValues = { email?: string; password?: string };

const REQUIRED_FIELDS: ReadonlySet<string> = new Set(['email', 'password']);

function fieldError(value: string, max: number): FieldError | undefined {
  const lang = currentLanguage();
  if (value === '') return { type: 'required', message: translate(lang, 'required') };
  if (value.length > max) return { type: 'too_long', message: translate(lang, 'too_long', { max }) };
  return undefined;
}

const resolver: Resolver<LoginValues, unknown, LoginBody> = async (values): Promise<ResolverResult<LoginValues, LoginBody>> => {
  const email = (values.email ?? '').trim();
  const password = values.password ?? '';
  const errors: Record<string, FieldError> = {};
  const emailError = fieldError(email, LIMITS.shortText);
  const passwordError = fieldError(password, LIMITS.password.max);
  if (emailError) errors.email = emailError;
  if (passwordError) errors.password = passwordError;
  if (emailError || passwordError) return { values: {}, errors };
  return { values: { email, password }, errors: {} };
};

export function useLoginForm(options: { defaultEmail: string; onSubmit: (values: LoginBody) => Promise<unknown> }): ApiFormState<LoginSchema> {
  const form = useForm<LoginValues, unknown, LoginBody>({
    resolver,
    defaultValues: { email: options.defaultEmail, password: '' },
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const formId = useId();
  const showInvalid = (paths: string[]) => {
    revealFirstError(document.getElementById(formId), paths);
    notifyError(translate(currentLanguage(), 'validation_failed'));
  };
  const submit = form.handleSubmit(
    async (values) => {
      try {
        await options.onSubmit(values);
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const { placed, unplaced } = applyServerErrors(form, error.fieldErrors);
          if (unplaced.length > 0) form.setError('root.server', { type: 'server', message: unplaced.join(' ') });
          showInvalid(placed);
        } else {
          notifyError(failureMessage(error));
        }
      }
    },
    (errors) => showInvalid(errorPaths(errors)),
  );
  return { form, formId, requiredFields: REQUIRED_FIELDS, submit };
}
