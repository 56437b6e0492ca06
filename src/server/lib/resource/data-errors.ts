/**
 * PostgreSQL checks a value against its column's type when the query runs (SQLite does not): a
 * filter `id=abc` or a NUL character in a search fails there with a data exception (SQLSTATE class
 * 22). That is the client's mistake, so it becomes a 422 on the parameters that carried values.
 */
import type { MessageKey } from '../../../common/messages.js';
import { ValidationError } from '../errors.js';

export function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** Runs a list or export query; a data exception is a 422 on `parameters`, anything else is rethrown. */
export async function refusingBadValues<T>(parameters: readonly string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isDataException(error)) throw error;
    const fields: Record<string, MessageKey[]> = Object.fromEntries(
      parameters.map((parameter) => [parameter, [parameter === 'conditions' ? 'invalid_conditions' : 'invalid_text']]),
    );
    throw new ValidationError(parameters.length ? fields : { _: ['invalid_text'] });
  }
}

/** The parameters of a list query that carry values compared with columns. */
export function valueParameters(query: Record<string, unknown>, reserved: ReadonlySet<string>): string[] {
  return Object.keys(query).filter((key) => query[key] !== undefined && (key === 'search' || key === 'conditions' || !reserved.has(key)));
}
