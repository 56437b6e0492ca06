/**
 * A page's kind (spec §3 Page) and the page builder's row layouts (the 12-column grid widths of each
 * row's cells): named by the page form and by the row schemas, which must not import that form (its url
 * rule reads the shell's sections, which read the resource list and its rows). Not in constants.ts,
 * which the login screen's bundle carries.
 */
export const PAGE_CONTENT_TYPES = ['page', 'blog', 'news', 'notice'] as const;
export type PageContentType = (typeof PAGE_CONTENT_TYPES)[number];

export const PAGE_LAYOUTS = ['12', '4+4+4', '3+3+3+3', '6+6'] as const;
export type PageLayoutName = (typeof PAGE_LAYOUTS)[number];
