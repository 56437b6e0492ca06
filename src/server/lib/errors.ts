/** Errors a handler throws to give the client a JSON answer with a status and a translatable message. */
import type { MessageKey } from '../../common/messages.js';

/**
 * An answer, not a fault: made without a stack trace, which costs more than the rest of a small request
 * (a list's abilities ask each row's guard, which refuses by throwing one of these).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(messageKey);
    Error.stackTraceLimit = limit;
  }
}

/**
 * A 422 with messages (keys of messages.ts) per field; `params` fill their placeholders (the clashing record's
 * number), `fieldParams` those of one field's messages (a schema's bounds).
 */
export class ValidationError extends HttpError {
  constructor(
    readonly fields: Record<string, MessageKey[]>,
    readonly params: Record<string, unknown> = {},
    readonly fieldParams: Record<string, Record<string, unknown>> = {},
  ) {
    super(422, 'validation_failed');
  }
}

/** What a zod issue's message fills in: its bounds, as the messages name them (`{min}`, `{max}`). */
export function issueParams(issue: object): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if ('minimum' in issue) params.min = Number(issue.minimum);
  if ('maximum' in issue) params.max = Number(issue.maximum);
  return params;
}

export const unauthenticated = () => new HttpError(401, 'unauthenticated');
export const forbidden = () => new HttpError(403, 'forbidden');
export const notFound = () => new HttpError(404, 'not_found');

/** The column a unique constraint failed on, for SQLite and PostgreSQL errors alike. */
export function uniqueViolation(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const sqlite = /UNIQUE constraint failed: \w+\.(\w+)/.exec(error.message);
  if (sqlite) return sqlite[1];
  const pg = error as Error & { code?: string; constraint?: string; table?: string };
  if (pg.code === '23505' && pg.constraint && pg.table) {
    return pg.constraint.replace(`${pg.table}_`, '').replace(/_key$/, '');
  }
  return undefined;
}
