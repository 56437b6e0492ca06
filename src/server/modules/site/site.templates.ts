/**
 * The public website's HTML (Bengali, readable without JavaScript). Every value is escaped by the
 * `html` template; page content and grid cells are sanitised again here before they go in raw.
 */
import { layoutColumns, type PageLayout } from '../../../common/schemas/pages.js';
import { html, isSafeHref, raw, type RawHtml, sanitizeRichText } from '../../lib/html.js';
import { layoutOf } from '../content/index.js';
import { SITE_TEXT } from './site.texts.js';
import { DEFAULT_SITE_NAME, type ListedType, type MenuItem, type MenuLink, type PageSummary, type PublishedPage, type SiteSettings } from './site.data.js';

export const TYPE_NAMES: Record<ListedType, string> = SITE_TEXT.typeNames;

const dateFormat = new Intl.DateTimeFormat('bn-BD', { dateStyle: 'long', timeZone: 'Asia/Dhaka' });
const numberFormat = new Intl.NumberFormat('bn-BD');

export const bengaliDate = (iso: string) => dateFormat.format(new Date(iso));
/**
 * Marks, full marks and positions are mostly under a thousand; their Bengali forms come from a table made by the
 * same format, since ICU formats at a few microseconds a call and a result page has a dozen (bench: result-lookup).
 */
const UNDER_A_THOUSAND = Array.from({ length: 1000 }, (_, n) => numberFormat.format(n));
export const bengaliNumber = (n: number) => (Number.isInteger(n) && n >= 0 && n < 1000 ? UNDER_A_THOUSAND[n]! : numberFormat.format(n));

/** What every page of the site shares: settings, menu, addresses. */
export type Frame = {
  settings: SiteSettings;
  menu: MenuItem[];
  /** APP_URL without a trailing slash: canonical and Open Graph addresses are absolute. */
  origin: string;
  /** '/' when the request came for SITE_HOST, '/site' otherwise. */
  home: string;
  stylesheet: string;
};

export type Head = {
  title: string;
  path: string;
  description?: string | null;
  keywords?: string | null;
  image?: string | null;
  type?: 'website' | 'article';
  ogTitle?: string;
  ogDescription?: string | null;
  noindex?: boolean;
};

/** A stored media path ('uploads/…') as an address on this site. */
export const mediaPath = (path: string) => `/${path.replace(/^\/+/, '')}`;

const absolute = (origin: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`);

function siteName(settings: SiteSettings): string {
  return settings.site_name ?? DEFAULT_SITE_NAME;
}

function menuLink(link: MenuLink): RawHtml {
  const href = isSafeHref(link.href) ? link.href : '#';
  return link.external ? html`<a href="${href}" target="_blank" rel="noopener noreferrer">${link.title}</a>` : html`<a href="${href}">${link.title}</a>`;
}

function menuItem(item: MenuItem): RawHtml {
  if (item.children.length === 0) return html`<li>${menuLink(item)}</li>`;
  return html`<li><details><summary>${item.title}</summary><ul class="submenu"><li>${menuLink(item)}</li>${item.children.map((child) => html`<li>${menuLink(child)}</li>`)}</ul></details></li>`;
}

function header(frame: Frame): RawHtml {
  const { settings } = frame;
  return html`<header class="site-header"><div class="wrap">
<a class="brand" href="${frame.home}">${settings.site_logo ? html`<img src="${mediaPath(settings.site_logo)}" alt="" width="48" height="48">` : null}<span><span class="brand-name">${siteName(settings)}</span>${settings.site_tagline ? html`<span class="brand-tagline">${settings.site_tagline}</span>` : null}</span></a>
<nav aria-label="${SITE_TEXT.mainMenu}"><input type="checkbox" id="nav-check" class="nav-check"><label for="nav-check" class="nav-toggle">${SITE_TEXT.menuToggle}</label>
<ul class="menu"><li><a href="${frame.home}">${SITE_TEXT.home}</a></li>${frame.menu.map(menuItem)}<li class="account"><a href="/login">${SITE_TEXT.login}</a></li><li class="account"><a href="/register">${SITE_TEXT.register}</a></li></ul></nav>
</div></header>`;
}

function footer(frame: Frame): RawHtml {
  const { settings } = frame;
  return html`<footer class="site-footer"><div class="wrap">
<p><strong>${siteName(settings)}</strong></p>
${settings.contact_address ? html`<p>${SITE_TEXT.address}: ${settings.contact_address}</p>` : null}
${settings.contact_phone ? html`<p>${SITE_TEXT.phone}: <a href="tel:${settings.contact_phone.replace(/[^\d+]/g, '')}">${settings.contact_phone}</a></p>` : null}
${settings.contact_email ? html`<p>${SITE_TEXT.email}: <a href="mailto:${settings.contact_email}">${settings.contact_email}</a></p>` : null}
<p>© ${bengaliNumber(new Date().getFullYear()).replace(/,/g, '')} ${siteName(settings)}</p>
</div></footer>`;
}

/** The whole document: head with SEO and Open Graph tags, header, the page's main part, footer. */
export function documentOf(frame: Frame, head: Head, main: RawHtml): string {
  const name = siteName(frame.settings);
  const title = head.title === name ? name : `${head.title} — ${name}`;
  const description = head.description ?? frame.settings.site_tagline;
  // Always the configured address (APP_URL), whatever host the request named.
  const url = `${frame.origin}${head.path}`;
  const image = head.image ?? frame.settings.site_logo;
  const favicon = frame.settings.site_favicon ? mediaPath(frame.settings.site_favicon) : 'data:,';
  return html`<!doctype html>
<html lang="bn">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
${description ? html`<meta name="description" content="${description}">` : null}
${head.keywords ? html`<meta name="keywords" content="${head.keywords}">` : null}
${head.noindex ? html`<meta name="robots" content="noindex">` : null}
<link rel="canonical" href="${url}">
<link rel="icon" href="${favicon}">
<link rel="stylesheet" href="${frame.stylesheet}">
<meta property="og:site_name" content="${name}">
<meta property="og:locale" content="bn_BD">
<meta property="og:type" content="${head.type ?? 'website'}">
<meta property="og:title" content="${head.ogTitle ?? head.title}">
${(head.ogDescription ?? description) ? html`<meta property="og:description" content="${head.ogDescription ?? description}">` : null}
<meta property="og:url" content="${url}">
${image ? html`<meta property="og:image" content="${absolute(frame.origin, mediaPath(image))}">` : null}
</head>
<body>
<a class="skip" href="#main">${SITE_TEXT.skipToContent}</a>
${header(frame)}
<main id="main"><div class="wrap">${main}</div></main>
${footer(frame)}
</body>
</html>
`.toString();
}

export function pageHref(url: string): string {
  return `/${url.split('/').map(encodeURIComponent).join('/')}`;
}

function summaryList(rows: PageSummary[]): RawHtml {
  if (rows.length === 0) return html`<p class="meta">${SITE_TEXT.nothingYet}</p>`;
  return html`<ul class="list">${rows.map((row) => html`<li><a href="${pageHref(row.url)}">${row.title}</a><time datetime="${row.published_at}">${bengaliDate(row.published_at)}</time></li>`)}</ul>`;
}

export function homeMain(frame: Frame, latest: Record<ListedType, PageSummary[]>, pages: PageSummary[]): RawHtml {
  const sections = (['notice', 'news', 'blog'] as const).map(
    (type) =>
      html`<section class="card"><h2>${SITE_TEXT.latest(TYPE_NAMES[type])}</h2>${summaryList(latest[type])}<a class="more" href="/site/${type}">${SITE_TEXT.all(TYPE_NAMES[type])}</a></section>`,
  );
  return html`<h1>${siteName(frame.settings)}</h1>
${frame.settings.site_tagline ? html`<p class="meta">${frame.settings.site_tagline}</p>` : null}
<div class="sections">${sections}</div>
${pages.length ? html`<section class="card"><h2>${SITE_TEXT.pages}</h2>${summaryList(pages)}</section>` : null}`;
}

export type Listing = { type: ListedType; category?: { id: number; title: string }; rows: PageSummary[]; page: number; lastPage: number; path: string };

export function listingMain(listing: Listing): RawHtml {
  const heading = listing.category ? `${TYPE_NAMES[listing.type]}: ${listing.category.title}` : TYPE_NAMES[listing.type];
  const link = (page: number) => (page === 1 ? listing.path : `${listing.path}?page=${page}`);
  return html`<section class="card"><h1>${heading}</h1>
${summaryList(listing.rows)}
${
  listing.lastPage > 1
    ? html`<nav class="pager" aria-label="${SITE_TEXT.pager}">${listing.page > 1 ? html`<a href="${link(listing.page - 1)}" rel="prev">${SITE_TEXT.previousPage}</a>` : html`<span></span>`}<span class="meta">${SITE_TEXT.pageOf(bengaliNumber(listing.page), bengaliNumber(listing.lastPage))}</span>${listing.page < listing.lastPage ? html`<a href="${link(listing.page + 1)}" rel="next">${SITE_TEXT.nextPage}</a>` : html`<span></span>`}</nav>`
    : null
}
</section>`;
}

function gridOf(layout: PageLayout): RawHtml {
  return html`${layout.rows.map((row) => {
    const columns = layoutColumns(row.layout);
    return html`<div class="grid grid-${row.layout.replaceAll('+', '-')}">${columns.map((_, i) => html`<div class="cell content">${raw(sanitizeRichText(row.cells[i] ?? ''))}</div>`)}</div>`;
  })}`;
}

/** Source links as stored ('a, b'); a path without a scheme is on this site. */
function sourceLinks(text: string | null): string[] {
  if (!text) return [];
  return text
    .split(',')
    .map((link) => link.trim())
    .filter(Boolean)
    .map((link) => (/^(https?:\/\/|\/)/i.test(link) ? link : `/${link}`))
    .filter(isSafeHref);
}

export function pageMain(page: PublishedPage): RawHtml {
  const type = page.content_type as ListedType | 'page';
  const files = sourceLinks(page.source_files_url);
  return html`<article class="card">
<h1>${page.title}</h1>
<p class="meta"><time datetime="${page.published_at}">${bengaliDate(page.published_at)}</time>${type !== 'page' ? html` · <a href="/site/${type}">${TYPE_NAMES[type]}</a>` : null}${type !== 'page' && page.category ? html` · <a href="/site/${type}/category/${page.category.id}">${page.category.title}</a>` : null}</p>
${page.image ? html`<img class="hero" src="${mediaPath(page.image)}" alt="${page.title}" width="1000" height="600">` : null}
${page.content ? html`<div class="content">${raw(sanitizeRichText(page.content))}</div>` : null}
${gridOf(layoutOf(page.custom_fields))}
${
  files.length || page.content_file
    ? html`<section class="files">${files.length ? html`<h2>${SITE_TEXT.sourceFiles}</h2><ul>${files.map((href) => html`<li><a href="${href}" rel="noopener">${decodeSafely(href)}</a></li>`)}</ul>` : null}${page.content_file ? html`<p><a class="button" href="${mediaPath(page.content_file)}" download>${SITE_TEXT.downloadPdf}</a></p>` : null}</section>`
    : null
}
</article>`;
}

function decodeSafely(href: string): string {
  try {
    return decodeURI(href);
  } catch {
    return href;
  }
}

export function notFoundMain(frame: Frame): RawHtml {
  return html`<section class="card"><h1>${SITE_TEXT.notFoundTitle}</h1><p>${SITE_TEXT.notFoundBody}</p><p><a class="button" href="${frame.home}">${SITE_TEXT.backHome}</a></p></section>`;
}
