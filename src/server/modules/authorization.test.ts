/**
 * The authorization matrix: every route of the live route table × {anonymous, institute A,
 * institute B, admin, examiner}. Resource endpoints get their expected answer from the definition (roles,
 * owner rule, export list); every other route has an entry below. A route with no expectation
 * fails the suite by name, so a new route cannot ship untested. Refused requests change nothing:
 * the resource's table and the audit log are compared before and after.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDefinition } from '../lib/resource/definition.js';
import { type Api, samples } from '../test/resource-samples.js';
import { adminToken, client, examinerSession, instituteSession, loginToken, startTestApp, type TestApp } from '../test/test-app.js';
import { resources } from './resources.js';

/** Who calls in the matrix: a test identity's name (the server's `Caller` is the account behind a write). */
type Identity = 'anonymous' | 'instituteA' | 'instituteB' | 'admin' | 'examiner';
const IDENTITIES: Identity[] = ['anonymous', 'instituteA', 'instituteB', 'admin', 'examiner'];
const INSTITUTE_PASSWORD = 'secret-pass-1';

let t: TestApp;
const api = {} as Record<Identity, Api>;
const institutes = {} as Record<'A' | 'B', { id: number; uid: string }>;
let examiner: { email: string; password: string };
beforeAll(async () => {
  // Results by SMS configured, so its route answers by its secret rather than 404 (not set up).
  t = await startTestApp({ SMS_INBOUND_SECRET: 'matrix-inbound-secret-0123' });
  api.anonymous = client(t);
  api.admin = client(t, await adminToken(t));
  const a = await instituteSession(t, 900);
  const b = await instituteSession(t, 901);
  institutes.A = a;
  institutes.B = b;
  api.instituteA = client(t, a.token);
  api.instituteB = client(t, b.token);
  const session = await examinerSession(t, 902);
  examiner = session;
  api.examiner = client(t, session.token);
});
afterAll(async () => t.close());

/** A route without its trailing slash: Fastify's printed tree shows `/profile` or `/profile/` depending on its neighbours. */
const normal = (route: string) => route.replace(/(.)\/$/, '$1');

/** `METHOD /path` of every route, read from Fastify's route tree (HEAD mirrors GET). */
function routeTable(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const path: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    path.length = match[1]!.length / 4;
    path.push(match[2]!);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(normal(`${method} ${path.join('')}`));
    }
  }
  return routes;
}

const OPERATIONS = ['list', 'read', 'create', 'update', 'soft-delete', 'restore', 'destroy', 'export'] as const;
type Operation = (typeof OPERATIONS)[number];
const WRITES: readonly Operation[] = ['create', 'update', 'soft-delete', 'restore', 'destroy'];

const ROUTE_OF: Record<Exclude<Operation, 'export'>, (name: string) => string> = {
  list: (name) => `GET /api/v1/${name}`,
  read: (name) => `GET /api/v1/${name}/:id`,
  create: (name) => `POST /api/v1/${name}/store`,
  update: (name) => `POST /api/v1/${name}/update`,
  'soft-delete': (name) => `POST /api/v1/${name}/soft-delete`,
  restore: (name) => `POST /api/v1/${name}/restore`,
  destroy: (name) => `POST /api/v1/${name}/destroy`,
};

/**
 * The answer the rules promise. Institute B works on institute A's row: reading or changing it is
 * a 403, storing a row for A is a 422 on the owner field, and its list and export leave A's rows out.
 */
function expected(definition: ResourceDefinition, caller: Identity, operation: Operation): number {
  const readOnly = definition.roles.write.length === 0;
  if (readOnly && WRITES.includes(operation)) return 404;
  if (caller === 'anonymous') return 401;
  const role = caller === 'admin' || caller === 'examiner' ? caller : 'institute';
  if (operation === 'export') return !definition.exportColumns ? 422 : definition.roles.read.includes(role) ? 200 : 403;
  const allowed = operation === 'list' || operation === 'read' ? definition.roles.read : definition.roles.write;
  if (!allowed.includes(role)) return 403;
  if (operation === 'restore' && role !== 'admin') return 403;
  if (caller === 'instituteB' && definition.owner && operation !== 'list') return operation === 'create' ? 422 : 403;
  return 200;
}

let counter = 0;

/** A body for this resource owned by institute A; a resource without a sample fails here by name. */
async function sampleOf(definition: ResourceDefinition): Promise<Record<string, unknown>> {
  const sample = samples[definition.name];
  if (!sample) throw new Error(`no sample body for resource ${definition.name}: add one to src/server/test/resource-samples.ts`);
  return sample({ n: ++counter, ownerId: institutes.A.id, admin: api.admin });
}

/** Rows of the resources nobody writes through the API, put in directly. */
const READ_ONLY_ROWS: Record<string, () => Promise<{ id: number }>> = {
  audit_logs: () =>
    t.app.db
      .insertInto('audit_logs')
      .values({ action: 'record.restore', entity: 'fixture', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow(),
  outbox: () => {
    const at = new Date().toISOString();
    return t.app.db
      .insertInto('outbox')
      .values({
        channel: 'sms',
        recipient: '01700000000',
        subject: null,
        body: 'fixture',
        event_key: `fixture:${++counter}`,
        topic: 'fixture',
        user_id: null,
        state: 'sent',
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },
};

/** A row of institute A (or, for resources nobody writes, one put in directly) to act on. */
async function rowOfA(definition: ResourceDefinition): Promise<number> {
  if (definition.roles.write.length === 0) {
    const insert = READ_ONLY_ROWS[definition.table];
    if (!insert) throw new Error(`no fixture row for the read-only resource ${definition.name}: add one to READ_ONLY_ROWS`);
    return (await insert()).id;
  }
  const res = await api.admin.post(`/api/v1/${definition.name}/store`, await sampleOf(definition));
  if (res.status !== 200) throw new Error(`fixture for ${definition.name}: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
}

async function snapshot(table: string): Promise<string> {
  const rows = await t.app.db
    .selectFrom(table as 'users')
    .selectAll()
    .orderBy('id')
    .execute();
  const audit = await t.app.db.selectFrom('audit_logs').select('id').orderBy('id').execute();
  return JSON.stringify([rows, audit]);
}

const idsOfCsv = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => Number(line.split(',')[0]));

async function perform(definition: ResourceDefinition, caller: Identity, operation: Operation, id: number) {
  const call = api[caller];
  const base = `/api/v1/${definition.name}`;
  switch (operation) {
    case 'list':
      return call.get(`${base}?paginate=500`);
    case 'read':
      return call.get(`${base}/${id}`);
    case 'create':
      return call.post(`${base}/store`, definition.roles.write.length ? await sampleOf(definition) : { id });
    case 'update':
      return call.post(`${base}/update`, { ...(definition.roles.write.length ? await sampleOf(definition) : {}), id });
    case 'export':
      return call.post('/api/v1/export-data', { model: definition.name, export_title: definition.name, status: 1 });
    default:
      return call.post(`${base}/${operation}`, { id });
  }
}

const statusOf = async (table: string, id: number) =>
  (
    await t.app.db
      .selectFrom(table as 'users')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.status;

describe.each(resources.map((r) => [r.name, r] as const))('%s', (_name, definition) => {
  const cases = IDENTITIES.flatMap((caller) => OPERATIONS.map((operation) => [caller, operation, expected(definition, caller, operation)] as const));

  it.each(cases)('%s %s → %i', async (caller, operation, status) => {
    const id = await rowOfA(definition);
    // A restore needs a deactivated row to change.
    if (operation === 'restore' && definition.roles.write.length) await api.admin.post(`/api/v1/${definition.name}/soft-delete`, { id });
    const before = await snapshot(definition.table);
    const res = await perform(definition, caller, operation, id);
    expect(res.status, `${caller} ${operation} ${definition.name}: ${JSON.stringify(res.body)}`).toBe(status);
    if (status !== 200) {
      expect(await snapshot(definition.table), 'a refused request changed a row').toBe(before);
      if (status === 422 && operation === 'create') expect(res.body.data).toHaveProperty(definition.owner!);
      return;
    }
    const table = definition.table;
    switch (operation) {
      case 'list': {
        const ids = (res.body.data as { data: { id: number }[] }).data.map((row) => row.id);
        expect(ids.includes(id), 'the list shows A’s row exactly to those who may see it').toBe(!(caller === 'instituteB' && definition.owner));
        break;
      }
      case 'read':
        expect((res.body.data as { id: number }).id).toBe(id);
        break;
      case 'create':
        expect(await statusOf(table, (res.body.data as { id: number }).id)).toBe(1);
        break;
      case 'update':
        expect(await snapshot(table)).not.toBe(before);
        break;
      case 'soft-delete':
        expect(await statusOf(table, id)).toBe(0);
        break;
      case 'restore':
        expect(await statusOf(table, id)).toBe(1);
        break;
      case 'destroy':
        expect(await statusOf(table, id)).toBeUndefined();
        break;
      case 'export':
        expect(idsOfCsv(res.raw.body).includes(id), 'the export holds A’s row exactly for those who may see it').toBe(
          !(caller === 'instituteB' && definition.owner),
        );
        break;
    }
  });
});

type Entry = { expect: Record<Identity, number>; call: (caller: Identity) => Promise<{ status: number }> };

const everyone = (status: number, examiner = status): Record<Identity, number> => ({
  anonymous: status,
  instituteA: status,
  instituteB: status,
  admin: status,
  examiner,
});
/** An examiner uses the marks routes and its own login and profile only (docs/integrators/results.md): refused elsewhere unless said. */
const loggedIn = (status: number, institute = status, examiner = 403): Record<Identity, number> => ({
  anonymous: 401,
  instituteA: institute,
  instituteB: institute,
  admin: status,
  examiner,
});

const get = (url: string) => (caller: Identity) => api[caller].get(url);
const post = (url: string, body: unknown) => (caller: Identity) => api[caller].post(url, body);

/** A separate session of the caller, so logging it out leaves the matrix's sessions alive. */
async function freshSession(caller: Identity): Promise<Api> {
  if (caller === 'anonymous') return api.anonymous;
  if (caller === 'admin') return client(t, await adminToken(t));
  if (caller === 'examiner') return client(t, await loginToken(t, examiner.email, examiner.password));
  return client(t, await loginToken(t, institutes[caller === 'instituteA' ? 'A' : 'B'].uid, INSTITUTE_PASSWORD));
}

/** Routes outside the resource machinery: each one's expected answer per caller. */
const OTHER_ROUTES: Record<string, Entry> = {
  'GET /api/health': { expect: everyone(200), call: get('/api/health') },
  'GET /api/geo': { expect: everyone(200), call: get('/api/geo') },
  'GET /api/site-identity': { expect: everyone(200), call: get('/api/site-identity') },
  'GET /api/docs': { expect: everyone(200), call: get('/api/docs') },
  'GET /api/docs/': { expect: everyone(200), call: get('/api/docs/') },
  'GET /api/docs/json': { expect: everyone(200), call: get('/api/docs/json') },
  'GET /api/docs/yaml': { expect: everyone(200), call: get('/api/docs/yaml') },
  // The explorer's page lives at /api/docs; its old static address redirects there.
  'GET /api/docs/static/index.html': { expect: everyone(302), call: get('/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': { expect: everyone(200), call: get('/api/docs/static/swagger-initializer.js') },
  'GET /api/docs/*': { expect: everyone(200), call: get('/api/docs/static/swagger-ui.css') },
  'POST /api/auth/login': { expect: everyone(422), call: post('/api/auth/login', { email: 'nobody@example.test', password: 'wrong-password' }) },
  'POST /api/auth/register': { expect: everyone(422), call: post('/api/auth/register', {}) },
  'POST /api/auth/forget-password': {
    expect: everyone(200),
    call: (caller) => api[caller].post('/api/auth/forget-password', { email: `nobody-${caller}@example.test` }),
  },
  'POST /api/auth/two-factor': { expect: everyone(422), call: post('/api/auth/two-factor', { challenge: 'not-a-challenge', code: '123456' }) },
  'GET /api/auth/confirm-email': { expect: everyone(302), call: get('/api/auth/confirm-email?token=not-a-token') },
  'POST /api/auth/me': { expect: loggedIn(200, 200, 200), call: post('/api/auth/me', {}) },
  'POST /api/auth/logout': { expect: loggedIn(200, 200, 200), call: async (caller) => (await freshSession(caller)).post('/api/auth/logout') },
  'GET /api/v1/profile': { expect: loggedIn(200, 200, 200), call: get('/api/v1/profile') },
  'POST /api/v1/profile/update-info': { expect: loggedIn(422), call: post('/api/v1/profile/update-info', {}) },
  'POST /api/v1/profile/update-password': {
    expect: loggedIn(422, 422, 422),
    call: post('/api/v1/profile/update-password', { old_password: 'not-the-password', password: 'new-password-1', password_confirmation: 'new-password-1' }),
  },
  'GET /api/v1/profile/two-factor': { expect: loggedIn(200, 403), call: get('/api/v1/profile/two-factor') },
  'POST /api/v1/profile/two-factor/setup': { expect: loggedIn(200, 403), call: post('/api/v1/profile/two-factor/setup', {}) },
  'POST /api/v1/profile/two-factor/enable': { expect: loggedIn(422, 403), call: post('/api/v1/profile/two-factor/enable', { code: '000000' }) },
  'POST /api/v1/profile/two-factor/disable': { expect: loggedIn(422, 403), call: post('/api/v1/profile/two-factor/disable', { code: '000000' }) },
  'POST /api/v1/profile/two-factor/policy': { expect: loggedIn(422, 403), call: post('/api/v1/profile/two-factor/policy', {}) },
  'POST /api/v1/profile/phone/send-code': { expect: loggedIn(422, 200), call: post('/api/v1/profile/phone/send-code', {}) },
  'POST /api/v1/profile/phone/confirm': { expect: loggedIn(422), call: post('/api/v1/profile/phone/confirm', { code: '000000' }) },
  'POST /api/v1/users/release-phone': { expect: loggedIn(404, 403), call: post('/api/v1/users/release-phone', { id: 999_999 }) },
  'POST /api/v1/export-data': { expect: loggedIn(200, 403), call: post('/api/v1/export-data', { model: 'users', export_title: 'users' }) },
  'GET /verify': { expect: everyone(200), call: get('/verify') },
  'GET /verify/:token': { expect: everyone(404), call: get('/verify/1-AAAAAAAAAAAAAAAAAAAAAA') },
  'GET /verify/:token/photo': { expect: everyone(404), call: get('/verify/1-AAAAAAAAAAAAAAAAAAAAAA/photo') },
  'POST /api/v1/admit-cards': { expect: loggedIn(422, 403), call: post('/api/v1/admit-cards', {}) },
  'GET /api/v1/scholarship-registrations/:id/admit-card': { expect: loggedIn(404), call: get('/api/v1/scholarship-registrations/999999/admit-card') },
  'POST /api/v1/exam-centres/:id/sheets': { expect: loggedIn(404, 403), call: post('/api/v1/exam-centres/999999/sheets', {}) },
  'GET /api/v1/exam': { expect: loggedIn(200), call: get('/api/v1/exam') },
  'POST /api/v1/exam/update': { expect: loggedIn(422, 403), call: post('/api/v1/exam/update', {}) },
  'POST /api/v1/exam/publish': { expect: loggedIn(422, 403), call: post('/api/v1/exam/publish', {}) },
  'POST /api/v1/exam/allocate': { expect: loggedIn(422, 403), call: post('/api/v1/exam/allocate', { seating: 'rows' }) },
  'POST /api/v1/exam/move-seats': { expect: loggedIn(422, 403), call: post('/api/v1/exam/move-seats', {}) },
  'GET /api/v1/exam/seats': { expect: loggedIn(422, 403), call: get('/api/v1/exam/seats') },
  'GET /api/v1/results': { expect: loggedIn(200, 403), call: get('/api/v1/results') },
  'POST /api/v1/results/rules': { expect: loggedIn(422, 403), call: post('/api/v1/results/rules', {}) },
  'POST /api/v1/results/process': { expect: loggedIn(202, 403), call: post('/api/v1/results/process', {}) },
  'POST /api/v1/results/publish': { expect: loggedIn(422, 403), call: post('/api/v1/results/publish', {}) },
  'GET /api/v1/results/merit': { expect: loggedIn(422, 403), call: get('/api/v1/results/merit') },
  'GET /result': { expect: everyone(200), call: get('/result') },
  'GET /result/slip': { expect: everyone(200), call: get('/result/slip') },
  'GET /merit-list': { expect: everyone(200), call: get('/merit-list') },
  'GET /merit-list/:list': { expect: everyone(404), call: get('/merit-list/04') },
  // Before publication an institute's own results are a 409; an admin must name the institute (institute.test.ts: the rest).
  'GET /api/v1/results/institute': { expect: loggedIn(422, 409), call: get('/api/v1/results/institute') },
  'GET /api/v1/results/institute/sheet.xlsx': { expect: loggedIn(422, 409), call: get('/api/v1/results/institute/sheet.xlsx') },
  'POST /api/v1/results/institute/sheet': { expect: loggedIn(422, 409), call: post('/api/v1/results/institute/sheet', {}) },
  // Scholarships awarded (scholarships/awards.test.ts: the rest); before publication no letter is printed.
  'GET /api/v1/scholarships': { expect: loggedIn(200, 403), call: get('/api/v1/scholarships') },
  'POST /api/v1/scholarships/letters': { expect: loggedIn(409, 409), call: post('/api/v1/scholarships/letters', {}) },
  'GET /api/v1/scholarships/awards/:id/letter': { expect: loggedIn(404), call: get('/api/v1/scholarships/awards/999999/letter') },
  'GET /verify/award/:code': { expect: everyone(404), call: get('/verify/award/0000000000000000') },
  'GET /api/v1/jobs/:id': { expect: loggedIn(404), call: get('/api/v1/jobs/999999') },
  'GET /api/v1/jobs/:id/file': { expect: loggedIn(404), call: get('/api/v1/jobs/999999/file') },
  'GET /api/v1/scholarship-registrations/analytics': { expect: loggedIn(200), call: get('/api/v1/scholarship-registrations/analytics') },
  'POST /api/v1/page-build/layout': { expect: loggedIn(422, 403), call: post('/api/v1/page-build/layout', { id: 1 }) },
  'POST /api/v1/outbox/retry': { expect: loggedIn(404, 403), call: post('/api/v1/outbox/retry', { id: 999_999 }) },
  'GET /api/v1/scholarship-payments/deposit-info': { expect: loggedIn(200), call: get('/api/v1/scholarship-payments/deposit-info') },
  'GET /api/v1/scholarship-registrations/import/template': { expect: loggedIn(200), call: get('/api/v1/scholarship-registrations/import/template') },
  'POST /api/v1/scholarship-registrations/import': { expect: loggedIn(422), call: post('/api/v1/scholarship-registrations/import', {}) },
  'POST /api/v1/photos/import': { expect: loggedIn(422), call: post('/api/v1/photos/import', {}) },
  // Statement reconciliation is the admin's; what it reads and approves is tested in statements.test.ts.
  'POST /api/v1/payment-statements': { expect: loggedIn(422, 403), call: post('/api/v1/payment-statements', {}) },
  'GET /api/v1/payment-statements/:id': { expect: loggedIn(404, 403), call: get('/api/v1/payment-statements/999999') },
  'GET /api/v1/payment-statements/:id/lines': { expect: loggedIn(404, 403), call: get('/api/v1/payment-statements/999999/lines?list=matched') },
  'POST /api/v1/payment-statements/:id/approve': { expect: loggedIn(404, 403), call: post('/api/v1/payment-statements/999999/approve', {}) },
  'POST /api/v1/scholarship-payments/approve': { expect: loggedIn(422, 403), call: post('/api/v1/scholarship-payments/approve', {}) },
  'POST /api/v1/scholarship-payments/refuse': { expect: loggedIn(422, 403), call: post('/api/v1/scholarship-payments/refuse', {}) },
  // Who may delete which file (owner, admin, the same anonymous address) is tested in media.test.ts.
  'POST /api/v1/media/upload': { expect: loggedIn(422), call: post('/api/v1/media/upload', {}) },
  'DELETE /api/v1/media/delete': {
    expect: everyone(404, 403),
    call: (caller) => api[caller].delete('/api/v1/media/delete', { path: `uploads/files/${'0'.repeat(32)}.png` }),
  },
  // Marks: admins and examiners; what they check is tested in results/marks.test.ts.
  'GET /api/v1/marks/subjects': { expect: loggedIn(200, 403, 200), call: get('/api/v1/marks/subjects') },
  'GET /api/v1/marks/student': { expect: loggedIn(422, 403, 422), call: get('/api/v1/marks/student?roll_no=999999999') },
  'POST /api/v1/marks': { expect: loggedIn(422, 403, 422), call: post('/api/v1/marks', { roll_no: '999999999', subject_id: 999_999, marks: 10 }) },
  'GET /api/v1/marks': { expect: loggedIn(200, 403, 200), call: get('/api/v1/marks?subject_id=999999') },
  'GET /api/v1/marks/import/template': { expect: loggedIn(422, 403, 422), call: get('/api/v1/marks/import/template?class=99') },
  'POST /api/v1/marks/import': { expect: loggedIn(422, 403, 422), call: post('/api/v1/marks/import', {}) },
  'GET /api/v1/marks/progress': { expect: loggedIn(200, 403, 200), call: get('/api/v1/marks/progress') },
  'GET /api/v1/settings/fields': { expect: loggedIn(200, 403), call: get('/api/v1/settings/fields') },
  'GET /api/v1/settings/:group/:sub/values': { expect: loggedIn(200, 403), call: get('/api/v1/settings/1/1/values') },
  'POST /api/v1/settings/update': { expect: loggedIn(422, 403), call: post('/api/v1/settings/update', { id: 1, fields: {} }) },
  // Scholarships paid (docs/integrators/payouts.md): an institute sees and enters its own winners' details only.
  'GET /api/v1/payouts/summary': { expect: loggedIn(200, 403), call: get('/api/v1/payouts/summary') },
  'GET /api/v1/payouts/winners': { expect: loggedIn(200, 200), call: get('/api/v1/payouts/winners') },
  'POST /api/v1/payouts/details/:registration_id': { expect: loggedIn(404, 404), call: post('/api/v1/payouts/details/999999', {}) },
  'GET /api/v1/payout-batches': { expect: loggedIn(200, 403), call: get('/api/v1/payout-batches') },
  'POST /api/v1/payout-batches': { expect: loggedIn(422, 403), call: post('/api/v1/payout-batches', {}) },
  'GET /api/v1/payout-batches/:id/file': { expect: loggedIn(404, 403), call: get('/api/v1/payout-batches/999999/file') },
  'POST /api/v1/payout-batches/:id/result': { expect: loggedIn(422, 403), call: post('/api/v1/payout-batches/999999/result', {}) },
  // By address, not by account (METRICS_ALLOW, loopback by default): the matrix's requests come from loopback.
  'GET /metrics': { expect: everyone(200), call: get('/metrics') },
  // The public website and stored files answer everyone alike; a token neither opens nor closes them.
  'GET /site': { expect: everyone(200), call: get('/site') },
  'GET /site/:type': { expect: everyone(200), call: get('/site/notice') },
  'GET /site/:type/category/:id': { expect: everyone(404), call: get('/site/notice/category/999999') },
  'GET /site/assets/site.css': { expect: everyone(200), call: get('/site/assets/site.css') },
  'GET /site/assets/fonts/:file': { expect: everyone(404), call: get('/site/assets/fonts/missing.woff2') },
  'GET /sitemap.xml': { expect: everyone(200), call: get('/sitemap.xml') },
  'GET /robots.txt': { expect: everyone(200), call: get('/robots.txt') },
  // Results by SMS: the gateway's shared secret opens it, a session does not (sms-inbound/inbound.test.ts: the rest).
  'POST /api/v1/sms/inbound': { expect: everyone(401), call: post('/api/v1/sms/inbound', { from: '01711111111', message: 'RESULT 2604000123' }) },
  'GET /api/v1/sms/inbound': { expect: everyone(401), call: get('/api/v1/sms/inbound?from=01711111111&message=RESULT+2604000123') },
  // GET /uploads/*, as Fastify's printed tree shows it (checked with hasRoute below).
  'GET *': { expect: everyone(404), call: get(`/uploads/files/${'0'.repeat(32)}.png`) },
  // Notices in bulk (notices/bulk-sends.test.ts: what the progress says).
  'GET /api/v1/outbox/sends': { expect: loggedIn(200, 403), call: get('/api/v1/outbox/sends') },
};

describe('routes outside the resources', () => {
  const cases = Object.entries(OTHER_ROUTES).flatMap(([route, entry]) => IDENTITIES.map((caller) => [route, caller, entry.expect[caller]] as const));
  it.each(cases)('%s as %s → %i', async (route, caller, status) => {
    const users = await snapshot('users');
    const res = await OTHER_ROUTES[route]!.call(caller);
    expect(res.status, route).toBe(status);
    if (status >= 400) expect(await snapshot('users')).toBe(users);
  });

  it('every route of the live route table has an expectation', () => {
    const covered = new Set([
      ...Object.keys(OTHER_ROUTES).map(normal),
      ...resources.flatMap((r) => (r.roles.write.length ? Object.values(ROUTE_OF) : [ROUTE_OF.list, ROUTE_OF.read]).map((route) => route(r.name))),
    ]);
    const routes = routeTable(t.app);
    expect(routes.length).toBeGreaterThan(50);
    expect(t.app.hasRoute({ method: 'GET', url: '/uploads/*' })).toBe(true);
    expect(
      routes.filter((route) => !covered.has(route)),
      'routes without an entry in the authorization matrix',
    ).toEqual([]);
  });

  it('a resource nobody may write has no write routes', () => {
    const routes = new Set(routeTable(t.app));
    for (const definition of resources.filter((r) => r.roles.write.length === 0)) {
      for (const operation of WRITES)
        expect(routes.has(ROUTE_OF[operation as Exclude<Operation, 'export'>](definition.name)), `${definition.name} ${operation}`).toBe(false);
    }
  });
});
