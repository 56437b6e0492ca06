/**
 * What the public website reads: site settings, the published menus, and published pages — status 1
 * and a publish time that has come (`published_at` ≤ now; both are ISO-8601 UTC text, so text order is time order).
 */
import type { Kysely } from 'kysely';
import type { PageContentType } from '../../../common/schemas/pages.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { isSafeHref } from '../../lib/html.js';
import { SITE_TEXT } from './site.texts.js';

export const SITE_SETTING_KEYS = ['site_name', 'site_tagline', 'site_logo', 'site_favicon', 'contact_address', 'contact_phone', 'contact_email'] as const;
export type SiteSettings = Record<(typeof SITE_SETTING_KEYS)[number], string | null>;

export const DEFAULT_SITE_NAME = SITE_TEXT.defaultSiteName;

/** The listed content types; a plain page has no listing. */
export const LISTED_TYPES = ['notice', 'news', 'blog'] as const satisfies readonly PageContentType[];
export type ListedType = (typeof LISTED_TYPES)[number];

export async function siteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const rows = await db
    .selectFrom('setting_values')
    .select(['key', 'value'])
    .where('key', 'in', [...SITE_SETTING_KEYS])
    .execute();
  const values = Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, null])) as SiteSettings;
  for (const row of rows) values[row.key as keyof SiteSettings] = row.value?.trim() || null;
  return values;
}

export type MenuLink = { title: string; href: string; external: boolean };
export type MenuItem = MenuLink & { children: MenuLink[] };

type MenuRow = { id: number; title: string; content_url: string; redirect_url: string | null; is_external: number };

/** A menu points at its redirect when it has one; 'about' means the page /about. */
function linkOf(row: MenuRow): MenuLink {
  const target = (row.redirect_url || row.content_url).trim();
  const href = /^(https?:\/\/|\/)/i.test(target) ? target : `/${target}`;
  // Rows stored before links had one rule may hold what it refuses: such a menu leads nowhere.
  return { title: row.title, href: isSafeHref(href) ? href : '#', external: row.is_external === 1 };
}

/** Published, active menus in their positions, each with its published, active sub menus. */
export async function headerMenu(db: Kysely<Database>): Promise<MenuItem[]> {
  const menus = await db
    .selectFrom('web_page_menus')
    .select(['id', 'title', 'content_url', 'redirect_url', 'is_external'])
    .where('status', '=', 1)
    .where('is_published', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (menus.length === 0) return [];
  const subMenus = await db
    .selectFrom('web_page_sub_menus')
    .select(['id', 'title', 'content_url', 'redirect_url', 'is_external', 'web_page_menu_id'])
    .where('status', '=', 1)
    .where('is_published', '=', 1)
    .where(
      'web_page_menu_id',
      'in',
      menus.map((menu) => menu.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return menus.map((menu) => ({ ...linkOf(menu), children: subMenus.filter((sub) => sub.web_page_menu_id === menu.id).map(linkOf) }));
}

const PAGE_SUMMARY = ['id', 'url', 'title', 'published_at', 'image', 'meta_description', 'content_type'] as const;
export type PageSummary = {
  id: number;
  url: string;
  title: string;
  published_at: string;
  image: string | null;
  meta_description: string | null;
  content_type: string;
};

function published(db: Kysely<Database>) {
  return db.selectFrom('web_pages').where('status', '=', 1).where('published_at', '<=', now());
}

/** The newest published pages of a type. */
export async function latestPages(db: Kysely<Database>, type: PageContentType, limit: number): Promise<PageSummary[]> {
  return published(db).select(PAGE_SUMMARY).where('content_type', '=', type).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export type CategoryFilter = { column: 'blog_category_id' | 'news_category_id' | 'notice_category_id'; id: number };

/** One page of a listing, newest first, and how many there are in all. */
export async function listedPages(
  db: Kysely<Database>,
  type: ListedType,
  page: number,
  perPage: number,
  category?: CategoryFilter,
): Promise<{ rows: PageSummary[]; total: number }> {
  const base = published(db)
    .where('content_type', '=', type)
    .$if(category !== undefined, (q) => q.where(category!.column, '=', category!.id));
  const [{ total }] = (await base.select((eb) => eb.fn.countAll().as('total')).execute()) as [{ total: number | string }];
  const rows = await base
    .select(PAGE_SUMMARY)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows, total: Number(total) };
}

export async function activeCategory(db: Kysely<Database>, type: ListedType, id: number): Promise<{ id: number; title: string } | undefined> {
  return db.selectFrom(`${type}_categories`).select(['id', 'title']).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
}

/** A published page by its url, with the title of its category. */
export async function publishedPage(db: Kysely<Database>, url: string) {
  const page = await published(db).selectAll().where('url', '=', url).executeTakeFirst();
  if (!page) return undefined;
  const type = page.content_type as PageContentType;
  const categoryId = type === 'page' ? null : page[`${type}_category_id`];
  const category = type !== 'page' && categoryId !== null ? await activeCategory(db, type, categoryId) : undefined;
  return { ...page, category };
}

export type PublishedPage = NonNullable<Awaited<ReturnType<typeof publishedPage>>>;

/** Every published page for the sitemap, newest first (the sitemap format allows 50,000 urls). */
export async function sitemapPages(db: Kysely<Database>): Promise<{ url: string; updated_at: string }[]> {
  return published(db).select(['url', 'updated_at']).orderBy('published_at', 'desc').limit(49_000).execute();
}
