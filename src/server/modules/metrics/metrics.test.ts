/** /metrics: Prometheus's format, to the addresses METRICS_ALLOW names only (README "Metrics"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, startTestApp, type TestApp } from '../../test/test-app.js';

const NAMES = [
  'http_requests_total',
  'http_request_duration_seconds_bucket',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'process_resident_memory_bytes',
  'db_pool_waiting',
  'db_pool_connections',
  'jobs_running',
  'outbox_backlog',
  'outbox_sent_total',
  'rate_limit_refusals_total',
  'pdf_queue_depth',
];

describe('metrics on loopback only (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers the local address with every metric, requests counted by route pattern', async () => {
    const token = await adminToken(t);
    await t.app.inject({ method: 'GET', url: '/api/v1/scholarship-registrations/987654', headers: { authorization: `Bearer ${token}` } });
    const res = await scrape('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const name of NAMES) expect(res.body, name).toContain(name);
    expect(res.body).toContain('route="/api/v1/scholarship-registrations/:id"');
    expect(res.body).not.toContain('987654');
  });

  it('refuses any other address, and a local one that forwards someone else', async () => {
    expect((await scrape('203.0.113.9')).statusCode).toBe(404);
    expect((await scrape('10.1.2.3')).statusCode).toBe(404);
    expect((await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
  });
});

describe('metrics for the addresses named', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ METRICS_ALLOW: '10.0.0.0/8,192.0.2.7' });
  });
  afterAll(async () => t.close());

  it('answers the named range and address, and nobody else', async () => {
    for (const [address, status] of [
      ['10.1.2.3', 200],
      ['::ffff:192.0.2.7', 200],
      ['192.0.2.8', 404],
      ['127.0.0.1', 404],
    ] as const)
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: address })).statusCode, address).toBe(status);
  });
});

describe('metrics off', () => {
  it('has no /metrics at all', async () => {
    const t = await startTestApp({ METRICS_ALLOW: 'off' });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
