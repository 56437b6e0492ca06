/**
 * Every form's behaviour in one place: client-side validation with the shared zod schema, a 422's
 * messages under the fields, the first error scrolled into view, a toast for what went wrong,
 * `isSubmitting` while the request runs, and no submit while a file is still uploading (its path
 * would be missing from the saved record behind a success toast).
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { translate } from '../../../common/messages';
import { ApiError } from '../../api/client';
import { currentLanguage } from '../../i18n';
import { clearErrorToasts, failureMessage, notifyError } from '../notify';
import { applyServerErrors } from './serverErrors';
import { errorPaths, revealFirstError } from './revealFirstError';
import { zodFormResolver } from './zodFormResolver';

type FormSchema = z.ZodObject;

/**
 * Form inputs hold text; the schema turns it into the values the API takes. A form may leave fields out.
 * Without a schema (the resource machinery's forms, each with its own), any field's name.
 */
export type FormValues<S extends FormSchema = FormSchema> = Partial<Record<keyof z.input<S> & string, string>>;

/** The fields that may not be left empty, read from the schema itself so the marks match its rules. */
function requiredFieldsOf(schema: FormSchema): ReadonlySet<string> {
  return new Set(
    Object.entries(schema.shape)
      .filter(([, field]) => !field.safeParse(undefined).success)
      .map(([name]) => name),
  );
}

/** Where messages for fields the form does not have are kept; ApiForm shows them above the fields. */
const SERVER_ERROR = 'root.server';

export function useApiForm<S extends FormSchema>(options: {
  schema: S;
  defaultValues: FormValues<S>;
  onSubmit: (values: z.output<S>) => Promise<unknown>;
  /**
   * A form with rows added in place (subjects, rooms) is checked when saved, then as it changes:
   * checked as fields are left, react-hook-form checks a list's every row when one is added, and the
   * new, untouched row shows its errors at once.
   */
  checkOnSave?: boolean;
}) {
  const { schema, onSubmit } = options;
  const form = useForm<FormValues<S>, unknown, z.output<S>>({
    resolver: zodFormResolver<FormValues<S>, S>(schema),
    defaultValues: options.defaultValues as DefaultValues<FormValues<S>>,
    mode: options.checkOnSave ? 'onSubmit' : 'onTouched',
    // revealFirstError scrolls smoothly instead of jumping.
    shouldFocusError: false,
  });
  const formId = useId();
  const requiredFields = useMemo(() => requiredFieldsOf(schema), [schema]);
  // The submit button waits while any of these is uploading (a disabled default button also stops Enter's submit).
  const [busy, setBusyFields] = useState<ReadonlySet<string>>(() => new Set());
  const setBusy = useCallback((name: string, uploading: boolean) => {
    setBusyFields((current) => {
      if (current.has(name) === uploading) return current;
      const next = new Set(current);
      if (uploading) next.add(name);
      else next.delete(name);
      return next;
    });
  }, []);
  const uploads = useMemo(() => ({ busy, setBusy }), [busy, setBusy]);

  const showInvalid = (paths: string[]) => {
    revealFirstError(document.getElementById(formId), paths);
    // One "please fill in the form correctly" at a time, not one per attempt.
    clearErrorToasts();
    notifyError(translate(currentLanguage(), 'validation_failed'));
  };

  const submit = form.handleSubmit(
    async (values) => {
      // The form is right now: an earlier attempt's red toast must not stay beside the green one.
      clearErrorToasts();
      try {
        await onSubmit(values);
      } catch (error) {
        if (error instanceof ApiError && error.status === 422) {
          const { placed, unplaced } = applyServerErrors(form, error.fieldErrors);
          if (unplaced.length > 0) form.setError(SERVER_ERROR, { type: 'server', message: unplaced.join(' ') });
          showInvalid(placed);
        } else {
          notifyError(failureMessage(error));
        }
      }
    },
    (errors) => showInvalid(errorPaths(errors)),
  );

  return { form, formId, requiredFields, uploads, submit };
}

export type ApiFormState<S extends FormSchema> = ReturnType<typeof useApiForm<S>>;
