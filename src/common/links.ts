/**
 * The one rule for every link the product stores and shows (menus' content and redirect urls, pages'
 * source links, institutes' website addresses, links inside page HTML): an http(s) address, a path on
 * this site, or a relative path of it. Browsers drop tabs and line breaks inside a URL and read `\` as
 * `/`, so `/\evil.example` or `/<tab>/evil.example` would leave the site like `//evil.example`:
 * whitespace, control characters and backslashes are refused anywhere in a link, as are quotes and
 * angle brackets (never part of a real address).
 */

const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\<>"'`]/u;

/** An absolute http(s) address with a host. */
export function isWebAddress(value: string): boolean {
  if (UNSAFE_CHARACTER.test(value) || !/^https?:\/\/[^/?#]/i.test(value)) return false;
  return URL.canParse(value);
}

/** A path on this site: `/about`, never `//host`. */
export function isSitePath(value: string): boolean {
  return !UNSAFE_CHARACTER.test(value) && value.startsWith('/') && !value.startsWith('//');
}

/** A stored link: a web address, a site path, or a relative path such as `notice/12` (no scheme, so no `javascript:`). */
export function isStoredLink(value: string): boolean {
  if (isWebAddress(value) || isSitePath(value)) return true;
  return value !== '' && !UNSAFE_CHARACTER.test(value) && !value.startsWith('/') && !value.includes(':');
}
