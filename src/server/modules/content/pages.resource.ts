/**
 * The page-build resource (spec §2 Page-build, §3 Page): pages, blogs, news and notices of the public
 * website, admin only. Content and every page-builder cell are sanitised before they are stored; the
 * page-builder grid lives in `custom_fields` as `{"layout": {rows: [...]}}`.
 */
import { CATEGORY_FIELDS, type PageBody, PageBody as PageBodySchema, type PageContentType, type PageLayout, PageRow } from '../../../common/schemas/pages.js';
import { z } from 'zod';
import { withRow } from '../../../common/resources.js';
import { sanitizeRichText } from '../../lib/html.js';
import { type AnyDb, columnsOf, type CreateContext, defineResource, type TransactionContext } from '../../lib/resource/definition.js';
import { slugify } from '../../lib/slug.js';
import { now } from '../../lib/time.js';

const PAGE_COLUMNS = [
  'id',
  'url',
  'title',
  'published_at',
  'content',
  'content_type',
  'blog_category_id',
  'news_category_id',
  'notice_category_id',
  'custom_fields',
  'image',
  'meta_title',
  'meta_description',
  'meta_keywords',
  'og_image',
  'og_description',
  'source_files_url',
  'content_file',
  'requires_login',
  'access_roles',
  'views',
  'template',
  'creator',
  'slug',
  'status',
  'created_at',
  'updated_at',
] as const;

const EMPTY_LAYOUT: PageLayout = { rows: [] };
/** The `custom_fields` column: an object of named values, the page-builder's `layout` among them. */
const CustomFields = z.record(z.string(), z.unknown());

/** The `custom_fields` JSON of a row as an object; text that is not a JSON object counts as empty. */
export function customFieldsOf(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || text === '') return {};
  try {
    const parsed = CustomFields.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The stored grid of a page (checked and sanitised on the way in), read through the row's layout schema. */
export function layoutOf(customFields: unknown): PageLayout {
  const layout = PageRow.shape.layout.safeParse(customFieldsOf(customFields).layout);
  return layout.success ? layout.data : EMPTY_LAYOUT;
}

export function sanitizeLayout(layout: PageLayout): PageLayout {
  return { rows: layout.rows.map((row) => ({ layout: row.layout, cells: row.cells.map(sanitizeRichText) })) };
}

/** `custom_fields` with its layout replaced, keeping any other keys it holds. */
export function withLayout(customFields: unknown, layout: PageLayout): string {
  return JSON.stringify({ ...customFieldsOf(customFields), layout: sanitizeLayout(layout) });
}

/** The columns a form writes: content sanitised, only the category of the chosen content type. */
function pageValues(body: PageBody) {
  const { layout: _layout, content, content_type, ...fields } = body;
  const category = CATEGORY_FIELDS[content_type as PageContentType];
  return {
    ...fields,
    content_type,
    content: content === undefined ? null : sanitizeRichText(content),
    blog_category_id: category === 'blog_category_id' ? (body.blog_category_id ?? null) : null,
    news_category_id: category === 'news_category_id' ? (body.news_category_id ?? null) : null,
    notice_category_id: category === 'notice_category_id' ? (body.notice_category_id ?? null) : null,
  };
}

/** Every optional column of the form, null: an update clears what the form left empty. */
const CLEARED = {
  image: null,
  og_image: null,
  content_file: null,
  meta_title: null,
  meta_description: null,
  meta_keywords: null,
  og_description: null,
  source_files_url: null,
};

async function createPage(ctx: CreateContext, form: PageBody): Promise<number> {
  const at = now();
  const row = await ctx.db
    .insertInto('web_pages')
    .values({
      ...pageValues(form),
      custom_fields: withLayout(null, form.layout ?? EMPTY_LAYOUT),
      creator: ctx.user.id,
      slug: slugify(form.url, `page-${Date.now().toString(36)}`),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The page form does not carry the grid: without `layout` the page keeps the one it has. */
async function updatePage({ trx }: TransactionContext, id: number, form: PageBody): Promise<void> {
  const db = trx as AnyDb;
  const current = (await db.selectFrom('web_pages').select('custom_fields').where('id', '=', id).executeTakeFirst()) as
    { custom_fields: string | null } | undefined;
  await trx
    .updateTable('web_pages')
    .set({
      ...CLEARED,
      ...Object.fromEntries(Object.entries(pageValues(form)).filter(([, value]) => value !== undefined)),
      ...(form.layout ? { custom_fields: withLayout(current?.custom_fields, form.layout) } : {}),
      slug: slugify(form.url, `page-${id}`),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

/** Spec §3: the answer carries `content_meta` and, when the grid was read, the parsed `layout`. */
function presentPage(row: Record<string, unknown>): Record<string, unknown> {
  const shaped: Record<string, unknown> = { ...row };
  if ('content_type' in row) {
    shaped.content_meta = {
      content_type: row.content_type,
      blog_category_id: row.blog_category_id ?? null,
      news_category_id: row.news_category_id ?? null,
      notice_category_id: row.notice_category_id ?? null,
    };
  }
  if ('custom_fields' in row) shaped.layout = layoutOf(row.custom_fields);
  return shaped;
}

export const pageResource = defineResource({
  ...withRow('pages', PageRow),
  exportAliases: ['Webpage\\WebPages'],
  table: 'web_pages',
  columns: columnsOf('web_pages', PAGE_COLUMNS),
  searchable: ['title', 'url'],
  sortable: ['id', 'title', 'url', 'created_at', 'published_at'],
  filterable: ['id', 'url', 'content_type', 'blog_category_id', 'news_category_id', 'notice_category_id', 'published_at', 'created_at'],
  relations: {
    blog_category: { table: 'blog_categories', foreignKey: 'blog_category_id', columns: ['title'] },
    news_category: { table: 'news_categories', foreignKey: 'news_category_id', columns: ['title'] },
    notice_category: { table: 'notice_categories', foreignKey: 'notice_category_id', columns: ['title'] },
  },
  storeSchema: PageBodySchema,
  updateSchema: PageBodySchema,
  // Spec §7: model Webpage\WebPages, title webpage-list.
  exportColumns: [
    'id',
    'url',
    'title',
    'published_at',
    'content',
    'custom_fields',
    'meta_title',
    'meta_description',
    'meta_keywords',
    'og_image',
    'og_description',
    'requires_login',
    'access_roles',
    'views',
    'template',
    'creator',
    'slug',
    'status',
    'created_at',
    'updated_at',
  ],
  create: createPage,
  update: updatePage,
  present: presentPage,
});
