/**
 * First path segments the app itself answers (architecture §5): a public page may not take one,
 * or it would hide a screen, an API route or a static file. src/web/shell/reservedPaths.test.ts
 * checks every screen of the client against this list.
 */
import { SECTIONS } from './sections.js';

export const RESERVED_PATH_SEGMENTS: readonly string[] = [
  // server
  'api',
  'assets',
  'uploads',
  'site',
  'sitemap.xml',
  'robots.txt',
  'favicon.ico',
  'index.html',
  'docs',
  'health',
  'verify',
  'result',
  'merit-list',
  // client screens outside the shell
  'login',
  'logout',
  'register',
  'password-reset',
  'avatar.png',
  // names the spec's screens went by, kept off page urls so a page never looks like one
  'dashboard',
  'users',
  'page-build',
  'page-builder',
  // the shell's sections
  ...new Set(SECTIONS.map((section) => firstPathSegment(section.path)).filter(Boolean)),
];

const RESERVED = new Set(RESERVED_PATH_SEGMENTS);

/** The first segment of a path or page url, without slashes, query or fragment, lower-cased. */
export function firstPathSegment(url: string): string {
  return (url.replace(/^\/+/, '').split(/[/?#]/, 1)[0] ?? '').toLowerCase();
}

/** True when `url` ('about', '/login/x', 'api') starts with a segment the app uses. */
export function isReservedPath(url: string): boolean {
  return RESERVED.has(firstPathSegment(url));
}
