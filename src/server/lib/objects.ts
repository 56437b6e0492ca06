/**
 * The entries of `values` that have a value. Parsed forms carry optional fields as `undefined`,
 * which would otherwise hide the nulls an update puts under them to clear what the form left empty.
 */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** A parsed form as stored: every optional field it may leave out is a column that holds null then. */
export type WithNulls<T> = { [K in keyof T]-?: undefined extends T[K] ? Exclude<T[K], undefined> | null : T[K] };

/**
 * `body` with each of its `optional` fields that it left out or undefined as null, so an update
 * clears what the submitted form left empty.
 */
export function withNulls<T extends object>(body: T, optional: readonly string[]): WithNulls<T> {
  const values: Record<string, unknown> = { ...definedOnly(body as Record<string, unknown>) };
  for (const field of optional) values[field] ??= null;
  return values as WithNulls<T>;
}
