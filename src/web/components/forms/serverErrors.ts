/** A 422 answer's field messages put under the form's fields (spec §5). */
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

/** `fields[3][value]` and `fields.3.value` both name the form value at fields.3.value. */
export function toFieldPath(name: string): string {
  return name.replace(/\[(\w*)\]/g, '.$1').replace(/^\./, '');
}

/**
 * Shows the first message of each field under it and returns the paths it placed. Messages for
 * names the form has no field for are returned too, to be shown above the form, not lost.
 */
export function applyServerErrors<T extends FieldValues, O>(form: UseFormReturn<T, unknown, O>, fieldErrors: Record<string, string[]>) {
  const placed: string[] = [];
  const unplaced: string[] = [];
  const values = form.getValues();
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const [first] = messages;
    if (first === undefined) continue;
    const path = toFieldPath(name);
    if (get(values, path) === undefined) unplaced.push(first);
    else {
      form.setError(path as Path<T>, { type: 'server', message: first });
      placed.push(path);
    }
  }
  return { placed, unplaced };
}
