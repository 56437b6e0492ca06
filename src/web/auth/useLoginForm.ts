/**
 * The login form's state: what useApiForm gives every other form (checks as you leave a field and
 * again as you type once it was checked, a 422's messages under the fields, the first error brought
 * into view, a toast, `submitting`), for two fields in plain React state. react-hook-form and the
 * shared LoginBody (zod) would be a tenth of the login screen's download, whose budget is 150 KB of
 * JavaScript (a slow phone on a poor network); loginRules.ts decides as LoginBody does.
 */
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { translate } from '../../common/messages';
import type { LoginBody } from '../../common/schemas/auth';
import { ApiError } from '../api/client';
import { failureMessage, notifyError } from '../components/notify';
import { revealFirstError } from '../components/forms/revealFirstError';
import { currentLanguage } from '../i18n';
import { checkLogin } from './loginRules';

type LoginField = keyof LoginBody;
type FieldMessages = Partial<Record<LoginField, string>>;

const FIELDS: readonly LoginField[] = ['email', 'password'];
const isField = (name: string): name is LoginField => (FIELDS as readonly string[]).includes(name);

function messagesOf(values: LoginBody): FieldMessages {
  const { errors } = checkLogin(values, currentLanguage());
  return { email: errors?.email?.message, password: errors?.password?.message };
}

export function useLoginForm(options: { defaultEmail: string; onSubmit: (values: LoginBody) => Promise<unknown> }) {
  const [values, setValues] = useState<LoginBody>({ email: options.defaultEmail, password: '' });
  const [errors, setErrors] = useState<FieldMessages>({});
  /** A 422's messages for names the form has no field for, shown above the fields. */
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // A field is checked once left; after that, and after a submit, on every change.
  const touched = useRef(new Set<LoginField>());
  const submitted = useRef(false);
  const formId = useId();

  const check = (name: LoginField, next: LoginBody) => setErrors((current) => ({ ...current, [name]: messagesOf(next)[name] }));

  /** The toast says what is wrong (a wrong password, a deactivated account) when the server said so, else to check the form. */
  const showInvalid = (paths: string[], reason?: string) => {
    revealFirstError(document.getElementById(formId), paths);
    notifyError(reason ?? translate(currentLanguage(), 'validation_failed'));
  };

  /** The props of a Mantine input for `name`, as useBoundField gives them. */
  const field = (name: LoginField) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.currentTarget.value };
      setValues(next);
      if (touched.current.has(name) || submitted.current) check(name, next);
    },
    onBlur: () => {
      touched.current.add(name);
      check(name, values);
    },
    error: errors[name],
    withAsterisk: true,
    // revealFirstError finds the field by this mark.
    wrapperProps: { 'data-field': name },
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    submitted.current = true;
    setUnplaced(null);
    const checked = checkLogin(values, currentLanguage());
    if (!checked.values) {
      setErrors(messagesOf(values));
      showInvalid(Object.keys(checked.errors));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await options.onSubmit(checked.values);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const placed: FieldMessages = {};
        const others: string[] = [];
        for (const [name, [first]] of Object.entries(error.fieldErrors)) {
          if (first === undefined) continue;
          if (isField(name)) placed[name] = first;
          else others.push(first);
        }
        setErrors(placed);
        if (others.length > 0) setUnplaced(others.join(' '));
        showInvalid(Object.keys(placed), Object.values(placed)[0] ?? others[0]);
      } else {
        notifyError(failureMessage(error));
      }
    } finally {
      setSubmitting(false);
    }
  };

  return { formId, field, unplaced, submitting, submit };
}
