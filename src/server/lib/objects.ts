/**
 * The entries of `values` that have a value. Parsed forms carry optional fields as `undefined`,
 * which would otherwise hide the nulls an update puts under them to clear what the form left empty.
 */
export function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
