/**
 * buildApp(config): the whole server as one Fastify instance. Opens the database, runs migrations,
 * seeds what the product needs, then registers plugins (external → ours → routes).
 */
import fs from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { translate } from '../common/messages.js';
import type { Config } from './config.js';
import { openDatabase } from './db/connect.js';
import { ReadPool } from './db/read-pool.js';
import { migrateToLatest } from './db/migrate.js';
import { seedFirstAdmin, seedRoles } from './db/seed.js';
import { oncePerDatabase } from './db/start-lock.js';
import { keepPlannerStatistics } from './db/planner-statistics.js';
import { keepNamesIndexMerged } from './modules/registrations/index.js';
import { warmUpWhenReady } from './db/warm-up.js';
import { seedSettings } from './modules/settings/settings.repository.js';
import type { Database } from './db/types.js';
import { authentication } from './lib/authenticate.js';
import { installErrorHandler } from './lib/error-handler.js';
import { formDataBodies } from './lib/form-data.js';
import { compression } from './lib/compression.js';
import { installMetrics } from './lib/metrics/metrics.js';
import { securityHeaders } from './lib/security-headers.js';
import { requestLang } from './lib/language.js';
import { parseQueryString } from './lib/query-string.js';
import { registerResource } from './lib/resource/routes.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { fallbackStore } from './lib/rate-limit-store.js';
import { connectRedis, type SharedState } from './lib/redis.js';
import { scheduleDocumentCleanup } from './lib/jobs/jobs.js';
import { storagePlugin } from './lib/storage/index.js';
import { pdfPlugin } from './lib/pdf/plugin.js';
import { resources } from './modules/resources.js';
import { Dispatcher } from './modules/notices/dispatcher.js';
import { jobRoutes } from './lib/jobs/jobs.routes.js';
import { importGlob } from './lib/import-glob.js';
import { isServerModule, type ServerModule } from './lib/server-module.js';
import { createSmsGateway, type SmsGateway } from './modules/notices/sms-gateway.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    /** Worker threads for costly reads off the event loop (SQLite only; PostgreSQL runs queries in its own processes). */
    readPool: ReadPool | undefined;
    mailer: Mailer;
    /** Redis connections when REDIS_URL is set: what several app servers share. */
    shared: SharedState | undefined;
    /** Sends the outbox's SMS and mail after their events commit. */
    dispatcher: Dispatcher;
  }
}

export type AppOptions = { mailer?: Mailer; sms?: SmsGateway };

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // A hop count trusts that many peers from the socket backwards (Fastify's own number form trusts none).
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    // 1 MB of JSON or form fields, whatever the encoding; the upload has its own limits (media.routes.ts). Larger → 413.
    bodyLimit: 1_048_576,
    // A whole request must arrive within 2 minutes (a 5 MB upload at 45 kB/s), and a connection that sends
    // or receives nothing for a minute is closed: slow or stalled clients cannot hold connections for good.
    requestTimeout: 120_000,
    connectionTimeout: 60_000,
    routerOptions: { querystringParser: parseQueryString },
    // What the router refuses before any route or hook runs (a path parameter over its length limit, a path
    // that is not valid URL encoding) gets the app's headers and envelope too, never Fastify's text with the path.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      // An id too long to be one names no record: the same 404 as any other id that is not one.
      const [status, key] =
        error.code === 'FST_ERR_BAD_URL'
          ? [400, 'malformed_request' as const]
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? [404, 'not_found' as const]
            : [500, 'server_error' as const];
      return reply.status(status).send({ message: translate(requestLang(request), key), data: null });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const db = openDatabase(config.database, (err) => app.log.warn({ err }, 'database connection lost'));
  app.decorate('config', config);
  app.decorate('db', db);
  const readPool = config.database.dialect === 'sqlite' ? new ReadPool(config.database.file) : undefined;
  app.decorate('readPool', readPool);
  app.decorate('mailer', options.mailer ?? createMailer(config));
  const shared = config.redisUrl ? connectRedis(config.redisUrl, app.log) : undefined;
  app.decorate('shared', shared);
  const dispatcher = new Dispatcher({
    db,
    database: config.database,
    outbox: config.outbox,
    mailer: app.mailer,
    sms: options.sms ?? createSmsGateway(config.sms),
    log: app.log,
  });
  app.decorate('dispatcher', dispatcher);
  app.addHook('onClose', async () => {
    await dispatcher.stop();
    await shared?.close();
    await readPool?.close();
    await db.destroy();
  });

  const firstAdmin = await oncePerDatabase(db, config.database.dialect, async (prepared) => {
    await migrateToLatest(prepared as Kysely<unknown>);
    await seedRoles(prepared);
    await seedSettings(prepared);
    return seedFirstAdmin(prepared, config.admin);
  });
  dispatcher.start();
  if (config.database.dialect === 'sqlite' && config.sqliteOptimize) {
    await keepPlannerStatistics(app);
    keepNamesIndexMerged(app);
  }
  if (config.database.dialect === 'sqlite' && readPool) warmUpWhenReady(app, config.database.file, readPool);
  if (firstAdmin.created) app.log.info({ email: config.admin.email }, 'first admin created');
  else if (firstAdmin.heldBy)
    app.log.error(
      { email: config.admin.email, account: firstAdmin.heldBy },
      'no admin exists and ADMIN_EMAIL belongs to an account of another role, so no admin was created: set ADMIN_EMAIL to an unused address and restart',
    );

  const headers = securityHeaders(app, {
    hsts: config.env === 'production',
    frameguard: { action: 'deny' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // FilePond reads a picked file back through its blob: address (the preview of a file it cannot decode).
        connectSrc: ["'self'", 'blob:'],
        // FilePond's image preview decodes in a worker it creates from a blob: URL.
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
  });
  installMetrics(app);
  compression(app);
  await app.register(formbody);
  formDataBodies(app);
  await app.register(rateLimit, {
    global: false,
    ...(shared ? { store: fallbackStore(shared.client, app.log) } : {}),
    errorResponseBuilder: (request, context) => ({ statusCode: 429, message: translate(requestLang(request), 'too_many_requests'), retryAfter: context.after }),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Scholarship registration API', version: '1' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  // The explorer runs under the app's own policy (its built-in one blocks the inline styles it sets).
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authentication);
  await app.register(storagePlugin, { config: config.storage });
  await app.register(pdfPlugin, { config: config.pdf });
  scheduleDocumentCleanup(app);

  const modules = await serverModules();
  await app.register(
    async (api) => {
      for (const module of modules) if (module.api) await api.register(module.api);
      await api.register(
        async (v1) => {
          for (const resource of resources) registerResource(v1, resource);
          for (const module of modules) if (module.v1) await v1.register(module.v1);
          await v1.register(jobRoutes);
        },
        { prefix: '/v1' },
      );
    },
    { prefix: '/api' },
  );
  for (const module of modules) await module.site?.(app);
  for (const module of modules) module.start?.(app);
  registerClient(app, config.webRoot);
  return app;
}

/** Every module's front door (modules/<name>/index.ts), in the order of their folders' names. */
async function serverModules(): Promise<ServerModule[]> {
  const found = await importGlob<{ module?: unknown }>(import.meta.url, './modules/*/index.ts');
  return Object.entries(found).map(([file, exports]) => {
    if (!isServerModule(exports.module)) throw new Error(`${file} must export its ServerModule as \`module\` (lib/server-module.ts)`);
    return exports.module;
  });
}

/**
 * The built client: static files (Vite's pre-compressed .br/.gz beside each), and index.html for
 * every other GET outside /api (client-side routes). Only hashed /assets/ files are cached for good.
 */
function registerClient(app: FastifyInstance, webRoot: string | undefined): void {
  const hasClient = webRoot !== undefined && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasClient) {
    app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (p) => p.includes('.'),
      setHeaders: (res, file) => {
        const hashed = file.startsWith(path.join(webRoot, 'assets') + path.sep);
        const page = file.endsWith('.html');
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : page ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }
  // A public screen's copy of index.html that names the screen while its script loads (publicFrames in vite.config.ts).
  const frames = new Set(
    hasClient && fs.existsSync(path.join(webRoot, 'frames'))
      ? fs
          .readdirSync(path.join(webRoot, 'frames'))
          .filter((file) => file.endsWith('.html'))
          .map((file) => `/${file.slice(0, -'.html'.length)}`)
      : [],
  );
  app.setNotFoundHandler(async (request, reply) => {
    // A public page at /{url} (or the site's 404); the app's own paths fall through to the client.
    if (await app.servePublicSite(request, reply)) return reply;
    const isPage = request.method === 'GET' && !request.url.startsWith('/api') && (request.headers.accept ?? '').includes('text/html');
    if (hasClient && isPage) {
      const route = request.url.split('?')[0]!.replace(/\/$/, '');
      return reply.sendFile(frames.has(route) ? `frames${route}.html` : 'index.html', webRoot as string);
    }
    return reply.status(404).send({ message: translate(requestLang(request), 'not_found'), data: null });
  });
}
