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

/** Spec §7: export_title, a dash, then the server's file name, or ' - export.csv' (.xlsx) when it sent none. */
export function exportFileName(exportTitle: string, contentDisposition: string | null, extension: 'csv' | 'xlsx' = 'csv'): string {
  return `${exportTitle} - ${filenameFromDisposition(contentDisposition) ?? `export.${extension}`}`;
}
