/** The exported file's name (spec §7 Export); pure, so it is tested without a browser. */

/** The prompt's text the user must type to start an export; not translated (spec §7). */
export const EXPORT_PHRASE = 'export all';

/** The file name a Content-Disposition header gives (RFC 6266: `filename*=UTF-8''…` wins over `filename=`). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/.exec(header);
  if (!plain) return null;
  const name = (plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : (plain[1] ?? '')).trim();
  return name || null;
}

/**
 * The server's file name (the title and the day: 'registration-list-2026-11-24.csv'), or the title
 * alone when it sent none. Spec §7 put export_title and a dash before the server's name, which already
 * starts with the title: 'registration-list - registration-list-2026-11-24.csv' said it twice.
 */
export function exportFileName(exportTitle: string, contentDisposition: string | null, extension: 'csv' | 'xlsx' = 'csv'): string {
  return filenameFromDisposition(contentDisposition) ?? `${exportTitle}.${extension}`;
}
