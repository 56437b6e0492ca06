/**
 * A react-hook-form resolver for the shared zod schemas whose messages are keys of
 * src/common/messages.ts. Unlike @hookform/resolvers' zodResolver, it keeps each issue's bounds,
 * so "at least {min} characters" is shown with the number filled in, in the interface language.
 */
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { translate } from '../../../common/messages';
import { currentLanguage } from '../../i18n';

function issueParams(issue: z.core.$ZodIssue): Record<string, unknown> {
  if (issue.code === 'too_small') return { min: issue.minimum };
  if (issue.code === 'too_big') return { max: issue.maximum };
  return {};
}

/**
 * An empty input is a field not given, as the shared schemas treat '' themselves: a cleared optional
 * select (division_id, built as `requiredId().optional()`) then passes instead of reading '' as a bad id.
 */
function withoutBlanks(values: FieldValues): FieldValues {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value === '' ? undefined : value]));
}

export function zodFormResolver<TValues extends FieldValues, S extends z.ZodType>(schema: S): Resolver<TValues, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(withoutBlanks(values));
    if (result.success) return { values: result.data, errors: {} };

    const lang = currentLanguage();
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      // The first issue of a field is the one shown, as for the server's 422.
      errors[issue.path.join('.')] ??= { type: issue.code, message: translate(lang, issue.message, issueParams(issue)) };
    }
    if (options.shouldUseNativeValidation) validateFieldsNatively(errors, options);
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
