/**
 * JSON kept in a text column (a centre's rooms, an exam's result summary, an audit entry's changes) is
 * read through its zod schema at the repository's edge, never cast: a row written by an older version,
 * or by hand, fails here with the column's schema named instead of somewhere downstream.
 */
import type { z } from 'zod';

export function parseJsonColumn<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  return schema.parse(JSON.parse(text));
}
