/**
 * Rendered public pages, kept in memory for a few seconds (architecture §8: a public page must stay
 * cheap under load). Any write to what the site shows (pages, menus, categories, settings, media)
 * empties the app's cache at once, and every other server's through Redis (site-invalidation.ts).
 */
import { createHash } from 'node:crypto';
import { RESOURCES } from '../../../common/resources.js';

export type Rendered = { status: number; type: string; body: string; etag: string };

export const SITE_CACHE_TTL_MS = 10_000;
/** Unknown urls are cached too (as 404s), so the number of entries is bounded. */
const MAX_ENTRIES = 2000;

export function rendered(status: number, type: string, body: string): Rendered {
  return { status, type, body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

export type SiteCache = {
  /** The cached answer for `key`, or the one `render` makes (then cached). */
  get(key: string, render: () => Promise<Rendered>): Promise<Rendered>;
  invalidate(): void;
};

export function createSiteCache(ttlMs = SITE_CACHE_TTL_MS): SiteCache {
  const entries = new Map<string, { rendered: Rendered; expires: number }>();
  return {
    async get(key, render) {
      const hit = entries.get(key);
      const at = Date.now();
      if (hit && hit.expires > at) return hit.rendered;
      const fresh = await render();
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(key, { rendered: fresh, expires: at + ttlMs });
      return fresh;
    },
    invalidate() {
      entries.clear();
    },
  };
}

/** API paths whose successful writes change what the public site shows: the resources the list marks, settings and media. */
const SITE_WRITE_PATHS = [...Object.values(RESOURCES).flatMap((resource) => ('publicSite' in resource ? [resource.name] : [])), 'settings', 'media'];
const SITE_WRITES = new RegExp(`^/api/v1/(${SITE_WRITE_PATHS.join('|')})(/|$)`);

export function isSiteWrite(method: string, url: string, status: number): boolean {
  return method !== 'GET' && method !== 'HEAD' && status < 400 && SITE_WRITES.test(url);
}
