/**
 * The login form's state for ApiForm, like useApiForm's but checking its two fields with
 * loginRules.ts: the shared LoginBody would bring zod into the first screen's download, and the
 * login screen has a budget of 150 KB of JavaScript (issue 6).
 */
import { useId } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import type { z } from 'zod';
import { translate } from '../../common/messages';
import type { LoginBody } from '../../common/schemas/auth';
import { ApiError } from '../api/client';
import { failureMessage, notifyError } from '../components/notify';
import { errorPaths, revealFirstError } from '../components/forms/revealFirstError';
import { applyServerErrors } from '../components/forms/serverErrors';
import type { ApiFormState } from '../components/forms/useApiForm';
import { currentLanguage } from '../i18n';
import { checkLogin, type LoginInput } from './loginRules';

/** LoginBody's shape, for the types ApiForm shares with useApiForm; nothing of zod runs here. */
type LoginSchema = z.ZodObject<{ email: z.ZodString; password: z.ZodString }>;

const REQUIRED_FIELDS: ReadonlySet<string> = new Set(['email', 'password']);

const resolver: Resolver<LoginInput, unknown, LoginBody> = async (input): Promise<ResolverResult<LoginInput, LoginBody>> => {
  const checked = checkLogin(input, currentLanguage());
  return checked.values ? { values: checked.values, errors: {} } : { values: {}, errors: checked.errors };
};

export function useLoginForm(options: { defaultEmail: string; onSubmit: (values: LoginBody) => Promise<unknown> }): ApiFormState<LoginSchema> {
  const form = useForm<LoginInput, unknown, LoginBody>({
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
