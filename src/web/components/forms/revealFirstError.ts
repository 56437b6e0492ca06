/**
 * Brings the first field with an error into the middle of the screen (spec §5) and focuses it.
 * Fields are found by the `data-field` mark their wrapper carries (see useBoundField), so this works
 * before the error messages themselves are rendered, and for selects whose named input is hidden.
 */
import type { FieldErrors } from 'react-hook-form';

/** Dotted paths of the fields an errors object has messages for. */
export function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (!value || typeof value !== 'object') return [];
    return 'message' in value || 'type' in value ? [path] : errorPaths(value as FieldErrors, path);
  });
}

export function revealFirstError(form: HTMLElement | null, paths: readonly string[]): void {
  if (!form) return;
  const wanted = new Set(paths);
  const fieldWrappers = [...form.querySelectorAll<HTMLElement>('[data-field]')];
  const target = fieldWrappers.find((wrapper) => wanted.has(wrapper.dataset.field ?? '')) ?? form;
  target.scrollIntoView({ behavior: 'smooth', block: 'center' });
  target.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus({ preventScroll: true });
}
