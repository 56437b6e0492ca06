/**
 * The page form (spec §2 Page-build, §3 Page, §5) and the page-builder grid (architecture §5).
 * Shared by the server's page-build resource and the client's page and page-builder screens.
 * Content HTML is only checked for size here; the server sanitises it before storing.
 */
import { z } from 'zod';
import { PAGE_CONTENT_TYPES, PAGE_LAYOUTS, type PageLayoutName } from '../page-kinds.js';
import { isReservedPath } from '../site-paths.js';
import { example } from '../examples.js';
import { isStoredLink } from '../links.js';
import { hasNul, optionalFilePath, optionalId, optionalText, requiredId, requiredText } from '../validation.js';
import { maybeId, maybeText, stamped, text } from './rows.js';

export { PAGE_CONTENT_TYPES, PAGE_LAYOUTS, type PageContentType, type PageLayoutName } from '../page-kinds.js';

export function layoutColumns(layout: PageLayoutName): number[] {
  return layout.split('+').map(Number);
}

/** The category column that goes with each content type; a plain page has none. */
export const CATEGORY_FIELDS = { page: null, blog: 'blog_category_id', news: 'news_category_id', notice: 'notice_category_id' } as const;

export const PAGE_LIMITS = { title: 500, url: 200, content: 1_000_000, cell: 200_000, rows: 50, sourceFiles: 2000 } as const;

/** Publish dates are entered and shown in Bangladesh time, which has no daylight saving. */
const DHAKA_OFFSET = '+06:00';
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/**
 * A stored publish time (ISO-8601 UTC, like every timestamp) as the datetime-local value
 * 'YYYY-MM-DDTHH:mm' in Bangladesh time, for the form.
 */
export function publishedAtInput(iso: string): string {
  return new Date(Date.parse(iso) + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
}

const LOCAL_OR_ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** True for a real calendar day and time of day (no 31 February, no 24:00). */
function isRealTime(year: number, month: number, day: number, hour: number, minute: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

/** 'YYYY-MM-DDTHH:mm' in Bangladesh time (or a full ISO-8601 time with its zone) → ISO-8601 UTC. */
const publishedAt = () =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim().replace(' ', 'T');
      if (text === '') return undefined;
      const match = LOCAL_OR_ISO.exec(text);
      if (!match) return text;
      const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
      const time = Date.parse(match[8] ? text : `${text}${DHAKA_OFFSET}`);
      if (!isRealTime(year, month, day, hour, minute) || Number.isNaN(time)) return text;
      return new Date(time).toISOString();
    },
    z
      .string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_date') })
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, { message: 'invalid_date', abort: true })
      .refine((v) => v >= '2000-01-01' && v < '2100-01-01', 'invalid_date'),
  );

/** Letters and digits of any script (Bengali urls are fine), '-' and '_', in segments joined by '/'. */
const PAGE_URL = /^[\p{L}\p{M}\p{N}_-]+(\/[\p{L}\p{M}\p{N}_-]+)*$/u;

/** How a typed url is stored: trimmed, no slashes at either end, ASCII letters lower-cased. */
export function normalizePageUrl(value: string): string {
  return value
    .trim()
    .normalize('NFC')
    .replace(/^\/+|\/+$/g, '')
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

const pageUrl = () =>
  z.preprocess(
    (value) => (typeof value === 'string' ? normalizePageUrl(value) || undefined : value),
    z
      .string({ error: (iss) => (iss.input === undefined ? 'required' : 'invalid_page_url') })
      .max(PAGE_LIMITS.url, 'too_long')
      .regex(PAGE_URL, { message: 'invalid_page_url', abort: true })
      .refine((v) => !isReservedPath(v), 'url_reserved'),
  );

/** Several links (each by the one rule of links.ts) separated by commas, stored as 'a, b'. */
const sourceFiles = () =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const links = value
        .split(/[,\n]/)
        .map((link) => link.trim())
        .filter(Boolean);
      return links.length ? links.join(', ') : undefined;
    },
    z
      .string({ error: 'invalid_text' })
      .max(PAGE_LIMITS.sourceFiles, 'too_long')
      .refine((v) => v.split(', ').every(isStoredLink), 'invalid_source_links')
      .optional(),
  );

const pdfPath = () => optionalFilePath().refine((v) => v === undefined || /\.pdf$/i.test(v), 'pdf_only');

const layoutRow = z
  .object(
    {
      layout: z.enum(PAGE_LAYOUTS, { error: 'invalid_choice' }),
      cells: z.array(
        z
          .string({ error: 'invalid_text' })
          .max(PAGE_LIMITS.cell, 'too_long')
          .refine((v) => !hasNul(v), 'invalid_text'),
        { error: 'invalid_layout' },
      ),
    },
    { error: 'invalid_layout' },
  )
  .superRefine((row, ctx) => {
    if (PAGE_LAYOUTS.includes(row.layout) && row.cells.length !== layoutColumns(row.layout).length) {
      ctx.addIssue({ code: 'custom', path: ['cells'], message: 'layout_cells_mismatch' });
    }
  });

const layoutShape = { rows: z.array(layoutRow, { error: 'invalid_layout' }).max(PAGE_LIMITS.rows, 'too_many_rows') };

export const PageLayout = z.object(layoutShape, { error: 'invalid_layout' });
export type PageLayout = z.infer<typeof PageLayout>;

/** A layout arrives as an object (JSON) or as JSON text (a form field); '' means not given. */
function layoutInput(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? undefined;
  if (value.trim() === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export const pageLayoutField = () => z.preprocess(layoutInput, PageLayout.optional());

export const pageFields = {
  title: example(requiredText(PAGE_LIMITS.title, 'many'), ['Admission 2026']),
  url: example(pageUrl(), ['admission-2026'], { unique: true }),
  published_at: example(publishedAt(), ['2026-11-22T04:30:00.000Z']),
  content: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: 'invalid_text' })
      .max(PAGE_LIMITS.content, 'too_long')
      .refine((v) => !hasNul(v), 'invalid_text')
      .optional(),
  ),
  content_type: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PAGE_CONTENT_TYPES, { error: 'invalid_choice' }).default('page')),
  blog_category_id: optionalId(),
  news_category_id: optionalId(),
  notice_category_id: optionalId(),
  image: optionalFilePath(),
  og_image: optionalFilePath(),
  content_file: pdfPath(),
  meta_title: optionalText(),
  meta_description: optionalText(1000, 'many'),
  meta_keywords: optionalText(1000, 'many'),
  og_description: optionalText(1000, 'many'),
  source_files_url: sourceFiles(),
  layout: pageLayoutField(),
};

/**
 * The store and update form. Only the category matching the content type is kept; the server
 * clears the other two (a page switched from blog to news keeps no stale blog category).
 */
export const PageBody = z.object(pageFields);
export type PageBody = z.infer<typeof PageBody>;

/** POST /api/v1/page-build/layout: the page builder saves only the grid of one page. */
export const PageLayoutBody = z.object({
  id: requiredId(),
  layout: z.preprocess(layoutInput, z.object(layoutShape, { error: (iss) => (iss.input === undefined ? 'required' : 'invalid_layout') })),
});
export type PageLayoutBody = z.infer<typeof PageLayoutBody>;

const categoryRef = z.object({ id: z.number(), title: text }).nullable();

export const PageRow = z.object({
  id: z.number(),
  url: text,
  title: text,
  published_at: text,
  content: maybeText,
  content_type: z.enum(PAGE_CONTENT_TYPES),
  blog_category_id: maybeId,
  news_category_id: maybeId,
  notice_category_id: maybeId,
  custom_fields: maybeText,
  image: maybeText,
  meta_title: maybeText,
  meta_description: maybeText,
  meta_keywords: maybeText,
  og_image: maybeText,
  og_description: maybeText,
  source_files_url: maybeText,
  content_file: maybeText,
  requires_login: z.number(),
  access_roles: maybeText,
  views: z.number(),
  template: maybeText,
  ...stamped,
  /** Spec §3: the content type and its category together. */
  content_meta: z.object({ content_type: z.enum(PAGE_CONTENT_TYPES), blog_category_id: maybeId, news_category_id: maybeId, notice_category_id: maybeId }),
  /** The page-builder grid parsed from `custom_fields` (its rules are the form's, pages.ts). */
  layout: z.object({ rows: z.array(z.object({ layout: z.enum(PAGE_LAYOUTS), cells: z.array(text) })) }),
  blog_category: categoryRef,
  news_category: categoryRef,
  notice_category: categoryRef,
});

/** POST /api/v1/page-build/layout: the page's saved grid. */
export const PageLayoutEnvelope = z.object({ message: z.string(), data: PageRow.pick({ id: true, layout: true }) });
export type PageLayoutSaved = z.infer<typeof PageLayoutEnvelope>['data'];
