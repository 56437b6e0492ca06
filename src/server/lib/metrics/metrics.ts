/**
 * What an operator sees of a running server (README "Metrics"): Prometheus metrics from prom-client in
 * a registry of the app's own (tests build many apps in one process). Counted per request in two hooks;
 * everything else is read when Prometheus scrapes (`collect`), so nothing runs between scrapes.
 *
 * Per server: requests, latency, refusals, the event loop, memory, its pool's waits, its PDF queue and
 * what its outbox sender sent. Of the whole deployment (the same on every server, read from the
 * database): jobs running per kind and the outbox's backlog.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { poolOf } from '../../db/connect.js';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/** A route's pattern, never the raw URL (which would make a series per id and per query). */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? 'unmatched';

/** Installs the request hooks and the collectors; call before the routes are registered. */
export function installMetrics(app: FastifyInstance): void {
  const registry = new Registry();
  app.decorate('metrics', registry);
  const registers = [registry];
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to its answer, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by route pattern',
    labelNames: ['route'],
    registers,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = routeOf(request);
    requests.inc({ method: request.method, route, status: reply.statusCode });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) refusals.inc({ route });
    done();
  });

  new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries waiting for a free PostgreSQL connection of this server (0 on SQLite)',
    registers,
    collect() {
      this.set(poolOf.get(app.db)?.waitingCount ?? 0);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL connections of this server, by state (total, idle)',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = poolOf.get(app.db);
      this.set({ state: 'total' }, pool?.totalCount ?? 0);
      this.set({ state: 'idle' }, pool?.idleCount ?? 0);
    },
  });
  new Gauge({
    name: 'pdf_queue_depth',
    help: 'PDF work waiting on this server: documents for their turn, parts for a page',
    labelNames: ['waiting'],
    registers,
    collect() {
      const queued = app.pdf.queued();
      this.set({ waiting: 'documents' }, queued.documents);
      this.set({ waiting: 'parts' }, queued.parts);
    },
  });
  new Gauge({
    name: 'jobs_running',
    help: 'Background jobs running in the whole deployment, by kind (from the database)',
    labelNames: ['kind'],
    registers,
    async collect() {
      this.reset();
      const rows = await app.db
        .selectFrom('jobs')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('state', '=', 'running')
        .groupBy('kind')
        .execute();
      for (const row of rows) this.set({ kind: row.kind }, Number(row.n));
    },
  });
  new Gauge({
    name: 'outbox_backlog',
    help: 'Messages of the whole deployment waiting to be sent or being sent, by channel (from the database)',
    labelNames: ['channel'],
    registers,
    async collect() {
      this.reset();
      const rows = await app.db
        .selectFrom('outbox')
        .select(['channel', (eb) => eb.fn.countAll<number>().as('n')])
        .where('state', 'in', ['pending', 'sending'])
        .where('status', '=', 1)
        .groupBy('channel')
        .execute();
      for (const row of rows) this.set({ channel: row.channel }, Number(row.n));
    },
  });
  for (const [name, help, counts] of [
    ['outbox_sent_total', 'Messages this server sent, by channel (its rate is the send rate)', app.dispatcher.sent],
    ['outbox_failed_attempts_total', 'Sends that failed on this server (retried later or given up), by channel', app.dispatcher.failedAttempts],
  ] as const) {
    new Counter({
      name,
      help,
      labelNames: ['channel'],
      registers,
      collect() {
        this.reset();
        for (const [channel, n] of Object.entries(counts)) this.inc({ channel }, n);
      },
    });
  }
}
