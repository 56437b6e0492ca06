/**
 * Query and path parameters of the public site's pages (the result lookup, the admit card check, the
 * listings). A page answers bad input in its own HTML (the form with its errors, the first page, the
 * site's 404), never with the API's JSON 422, so these schemas take whatever a URL can carry and the
 * route judges the value.
 */
import { z } from 'zod';

/** A query parameter as lib/query-string.ts reads it: absent, once, or repeated. */
export const SiteQueryValue = z.union([z.string(), z.array(z.string())]).optional();

/** `?page=` of a paged list: its number, or the first page for anything that is not one. */
export const SitePageQuery = z.object({
  page: SiteQueryValue.transform((value) => (typeof value === 'string' && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1)),
});
