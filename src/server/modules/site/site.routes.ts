/**
 * The public website (architecture §5): /site (home), /site/{type} and
 * /site/{type}/category/{id} (listings), /{url} for each published page (through the app's
 * not-found handler, see `servePublicSite`), /sitemap.xml, /robots.txt and the site's stylesheet
 * and fonts. When SITE_HOST is set, that host gets the home at / and /site redirects there.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePageUrl } from '../../../common/schemas/pages.js';
import { firstPathSegment, isReservedPath, RESERVED_PATH_SEGMENTS } from '../../../common/site-paths.js';
import { escapeHtml, raw, type RawHtml } from '../../lib/html.js';
import { SitePageQuery } from '../../lib/site-query.js';
import { createSiteCache, isSiteWrite, type Rendered, rendered } from './site-cache.js';
import { sharedInvalidation } from './site-invalidation.js';
import { activeCategory, headerMenu, LISTED_TYPES, type ListedType, latestPages, listedPages, publishedPage, siteSettings, sitemapPages } from './site.data.js';
import { documentOf, type Frame, type Head, homeMain, listingMain, notFoundMain, pageHref, pageMain, TYPE_NAMES } from './site.templates.js';
import { SITE_TEXT } from './site.texts.js';

const PER_PAGE = 10;
const HOME_LATEST = 5;

const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-bengali/package.json')), 'files');
const FONTS = ['noto-sans-bengali-bengali-400-normal.woff2', 'noto-sans-bengali-bengali-700-normal.woff2'];
const ASSETS = '/site/assets';

// Path segments as typed: an unknown type, category or font is the site's 404 page, judged by the route.
const ListingParams = z.object({ type: z.string() });
const CategoryParams = z.object({ type: z.string(), id: z.string() });
const FontParams = z.object({ file: z.string() });

const STYLESHEET = fs.readFileSync(new URL('./site.css', import.meta.url), 'utf8').replaceAll('{{FONTS}}', `${ASSETS}/fonts`);
const STYLESHEET_VERSION = createHash('sha1').update(STYLESHEET).digest('hex').slice(0, 10);
const STYLESHEET_PATH = `${ASSETS}/site.css?v=${STYLESHEET_VERSION}`;

/**
 * Site pages may show https images from the editor; everything else stays as strict as the app's policy,
 * including `upgrade-insecure-requests` in production (docs/operators/security.md), never in plain-HTTP development.
 */
const SITE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const siteCsp = (env: string) => (env === 'production' ? `${SITE_CSP}; upgrade-insecure-requests` : SITE_CSP);

/** The app's private screens, kept out of search engines. */
const PRIVATE_SEGMENTS = RESERVED_PATH_SEGMENTS.filter(
  (segment) => !['site', 'assets', 'uploads', 'sitemap.xml', 'robots.txt', 'favicon.ico', 'index.html', 'avatar.png'].includes(segment),
);

/**
 * The request's path without its query. A request line may name a whole address (`GET http://host/x`);
 * its host is the client's word, never the site's: pages, canonical links and cache keys use the path alone.
 */
const pathOf = (request: FastifyRequest) => request.url.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '').split('?')[0] || '/';

const hostName = (request: FastifyRequest) => (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();

/** Called on the root instance (not registered as a plugin), so its write hook sees every API route. */
export function siteRoutes(app: FastifyInstance): void {
  const site = app.withTypeProvider<ZodTypeProvider>();
  const { appUrl, siteHost } = app.config;
  const csp = siteCsp(app.config.env);
  const cache = createSiteCache();
  const invalidate = sharedInvalidation(cache, app.shared, app.log);
  app.decorate('invalidateSite', invalidate);
  const isSiteHost = (request: FastifyRequest) => siteHost !== undefined && hostName(request) === siteHost.toLowerCase();

  const frameOf = async (request: FastifyRequest): Promise<Frame> => ({
    settings: await siteSettings(app.db),
    menu: await headerMenu(app.db),
    origin: appUrl,
    home: isSiteHost(request) ? '/' : '/site',
    stylesheet: STYLESHEET_PATH,
  });

  const page = async (request: FastifyRequest, status: number, head: Head, main: (frame: Frame) => ReturnType<typeof homeMain>) => {
    const frame = await frameOf(request);
    return rendered(status, 'text/html; charset=utf-8', documentOf(frame, head, main(frame)));
  };

  // Pages other modules answer in the site's frame (the exam's verification page); never cached, as they are per person.
  app.decorate('sendSitePage', async (request: FastifyRequest, reply: FastifyReply, status: number, head: Head, main: (frame: Frame) => RawHtml) => {
    const answer = await page(request, status, { ...head, noindex: true }, main);
    return reply.status(status).header('content-security-policy', csp).header('cache-control', 'no-store').type(answer.type).send(answer.body);
  });

  // A per-person page under load (the result lookup): the frame around it comes from the cache,
  // split once at the place its content goes, so an answer costs its own few lines of HTML.
  const MAIN_MARK = '\u0000main\u0000';
  const frames = new WeakMap<Rendered, [string, string]>();
  app.decorate('sendInSiteFrame', async (request: FastifyRequest, reply: FastifyReply, status: number, head: Head, main: RawHtml) => {
    const key = `frame:${isSiteHost(request) ? 'site' : 'app'}:${head.path}:${head.title}:${head.noindex ?? true}`;
    const cached = await cache.get(key, () => page(request, 200, { ...head, noindex: head.noindex ?? true }, () => raw(MAIN_MARK)));
    let parts = frames.get(cached);
    if (!parts) {
      const at = cached.body.indexOf(MAIN_MARK);
      parts = [cached.body.slice(0, at), cached.body.slice(at + MAIN_MARK.length)];
      frames.set(cached, parts);
    }
    // A page with an ETag (a found result) is kept by the browser and asked for again each time.
    return reply
      .status(status)
      .header('content-security-policy', csp)
      .header('cache-control', reply.hasHeader('etag') ? 'private, no-cache' : 'no-store')
      .type('text/html; charset=utf-8')
      .send(parts[0] + main.value + parts[1]);
  });

  const notFoundPage = (request: FastifyRequest) => page(request, 404, { title: SITE_TEXT.notFoundTitle, path: pathOf(request), noindex: true }, notFoundMain);

  /** Sends a cached rendering; a matching If-None-Match gets 304 without a body. */
  const send = async (request: FastifyRequest, reply: FastifyReply, key: string, render: () => Promise<Rendered>) => {
    const answer = await cache.get(`${isSiteHost(request) ? 'site' : 'app'}:${key}`, render);
    reply.header('content-security-policy', csp);
    if (answer.status !== 200) return reply.status(answer.status).header('cache-control', 'no-cache').type(answer.type).send(answer.body);
    reply.header('cache-control', 'public, max-age=60').header('etag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
    return reply.type(answer.type).send(answer.body);
  };

  const home = (request: FastifyRequest, reply: FastifyReply) =>
    send(request, reply, 'home', async () => {
      const [notice, news, blog, pages] = await Promise.all([
        latestPages(app.db, 'notice', HOME_LATEST),
        latestPages(app.db, 'news', HOME_LATEST),
        latestPages(app.db, 'blog', HOME_LATEST),
        latestPages(app.db, 'page', HOME_LATEST),
      ]);
      const frame = await frameOf(request);
      return rendered(
        200,
        'text/html; charset=utf-8',
        documentOf(frame, { title: frame.settings.site_name ?? '', path: frame.home }, homeMain(frame, { notice, news, blog }, pages)),
      );
    });

  const listing = async (request: FastifyRequest, reply: FastifyReply, pageNumber: number, type: string, categoryId?: string) => {
    if (!(LISTED_TYPES as readonly string[]).includes(type) || (categoryId !== undefined && !/^[1-9]\d{0,9}$/.test(categoryId))) {
      return send(request, reply, `404:${pathOf(request)}`, () => notFoundPage(request));
    }
    const listed = type as ListedType;
    const base = categoryId ? `/site/${listed}/category/${categoryId}` : `/site/${listed}`;
    return send(request, reply, `${base}?${pageNumber}`, async () => {
      const category = categoryId ? await activeCategory(app.db, listed, Number(categoryId)) : undefined;
      if (categoryId && !category) return notFoundPage(request);
      const { rows, total } = await listedPages(app.db, listed, pageNumber, PER_PAGE, category && { column: `${listed}_category_id`, id: category.id });
      const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
      if (pageNumber > lastPage) return notFoundPage(request);
      const title = category ? `${TYPE_NAMES[listed]}: ${category.title}` : TYPE_NAMES[listed];
      const path = pageNumber === 1 ? base : `${base}?page=${pageNumber}`;
      return page(request, 200, { title, path }, () => listingMain({ type: listed, category, rows, page: pageNumber, lastPage, path: base }));
    });
  };

  // The shell's "visit website" opens /site: with SITE_HOST set, that is the site's own home.
  const siteHome = siteHost === undefined ? undefined : `${new URL(appUrl).protocol}//${siteHost}/`;
  app.get('/site', (request, reply) => {
    if (isSiteHost(request)) return reply.redirect('/', 301);
    if (siteHome) return reply.redirect(siteHome, 302);
    return home(request, reply);
  });
  site.get('/site/:type', { schema: { params: ListingParams, querystring: SitePageQuery } }, (request, reply) =>
    listing(request, reply, request.query.page, request.params.type),
  );
  site.get('/site/:type/category/:id', { schema: { params: CategoryParams, querystring: SitePageQuery } }, (request, reply) =>
    listing(request, reply, request.query.page, request.params.type, request.params.id),
  );

  app.get(`${ASSETS}/site.css`, (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=31536000, immutable').send(STYLESHEET),
  );
  site.get(`${ASSETS}/fonts/:file`, { schema: { params: FontParams } }, (request, reply) => {
    if (!FONTS.includes(request.params.file)) return send(request, reply, `404:${pathOf(request)}`, () => notFoundPage(request));
    return reply
      .type('font/woff2')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(path.join(FONT_DIR, request.params.file)));
  });

  app.get('/sitemap.xml', (request, reply) =>
    send(request, reply, 'sitemap', async () => {
      const pages = await sitemapPages(app.db);
      const entry = (loc: string, lastmod?: string) =>
        `<url><loc>${escapeHtml(`${appUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
      const urls = [entry('/site'), ...LISTED_TYPES.map((type) => entry(`/site/${type}`)), ...pages.map((p) => entry(pageHref(p.url), p.updated_at))];
      return rendered(
        200,
        'application/xml; charset=utf-8',
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
    }),
  );

  app.get('/robots.txt', (request, reply) =>
    send(request, reply, 'robots', async () =>
      rendered(
        200,
        'text/plain; charset=utf-8',
        [
          'User-agent: *',
          'Allow: /',
          'Disallow: /api/',
          ...PRIVATE_SEGMENTS.filter((s) => s !== 'api').map((segment) => `Disallow: /${segment}`),
          '',
          `Sitemap: ${appUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
    ),
  );

  // A successful write to pages, menus, categories, settings or media changes what the site shows.
  app.addHook('onSend', async (request, reply) => {
    if (isSiteWrite(request.method, request.url, reply.statusCode)) invalidate();
  });

  app.decorate('servePublicSite', servePublicPath);

  /**
   * A GET the routes did not answer: the home at / on SITE_HOST, a published page at /{url}, or the
   * Bengali 404 page for a path of the site. Paths of the app (reserved first segments, / elsewhere)
   * are left to the client: false.
   */
  async function servePublicPath(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = pathOf(request);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      decoded = '';
    }
    if (pathname === '/' && isSiteHost(request)) {
      await home(request, reply);
      return true;
    }
    const segment = firstPathSegment(decoded);
    if (segment === 'site') {
      await send(request, reply, `404:${pathname}`, () => notFoundPage(request));
      return true;
    }
    if (segment === '' || isReservedPath(decoded)) return false;
    const url = normalizePageUrl(decoded);
    await send(request, reply, `page:${url}`, async () => {
      const found = await publishedPage(app.db, url);
      if (!found) return notFoundPage(request);
      return page(
        request,
        200,
        {
          title: found.meta_title || found.title,
          ogTitle: found.title,
          path: pageHref(found.url),
          description: found.meta_description || found.og_description,
          ogDescription: found.og_description || found.meta_description,
          keywords: found.meta_keywords,
          image: found.og_image || found.image,
          type: found.content_type === 'page' ? 'website' : 'article',
        },
        () => pageMain(found),
      );
    });
    return true;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** For the app's not-found handler: answers a public page or the site's 404, or returns false. */
    servePublicSite(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
    /** Empties the rendered-page cache; writes under the site's API paths do it on their own. */
    invalidateSite(): void;
    /** Answers `main` as a page of the public site (its header, menu and footer), not cached and not indexed. */
    sendSitePage(request: FastifyRequest, reply: FastifyReply, status: number, head: Head, main: (frame: Frame) => RawHtml): Promise<FastifyReply>;
    /** The same in a frame rendered once and cached with the site's pages: for a page every visitor gets their own of, under load (not indexed unless `noindex: false`). */
    sendInSiteFrame(request: FastifyRequest, reply: FastifyReply, status: number, head: Head, main: RawHtml): Promise<FastifyReply>;
  }
}
