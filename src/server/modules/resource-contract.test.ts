/**
 * The contract every resource answer keeps (src/common/resources.ts): rows go out through the
 * resource's row schema, and `policies` say what the caller may do with each row — the same
 * decision the writes make (roles, owner, guard).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withRow } from '../../common/resources.js';
import { UserRoleRow } from '../../common/schemas/content.js';
import { RegistrationRow } from '../../common/schemas/registrations.js';
import type { Policy } from '../../common/schemas/rows.js';
import { columnsOf, defineResource } from '../lib/resource/definition.js';
import { adminToken, client, instituteSession, startTestApp, validStudent, type TestApp } from '../test/test-app.js';
import { resources } from './resources.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let school: ReturnType<typeof client>;
let schoolId: number;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
  const session = await instituteSession(t, 820);
  school = client(t, session.token);
  schoolId = session.id;
});
afterAll(async () => t.close());

const today = () => new Date().toISOString().slice(0, 10);
type Answer = { body: unknown };
const policiesOf = (res: Answer) => (res.body as { policies: Policy[] }).policies;
const rowsOf = <R>(res: Answer) => (res.body as { data: { data: R[] } }).data.data;
const ALL = { update: true, soft_delete: true, restore: true, destroy: true };
const NONE = { update: false, soft_delete: false, restore: false, destroy: false };
/** An institute's own row: everything but a restore, which is an admin's. */
const OWN = { ...ALL, restore: false };

describe('policies beside the rows', () => {
  it('close an approved payment to its institute and leave it open to the admin', async () => {
    const stored = await school.post('/api/v1/scholarship-payments/store', {
      payment_method: 'bkash',
      amount: '200',
      transaction_id: `POLICY${Date.now().toString(36)}`,
      date: today(),
    });
    expect(stored.status).toBe(200);
    const id = (stored.body.data as { id: number }).id;
    expect(policiesOf(stored)).toEqual([{ ids: [id], abilities: OWN }]);

    const approved = await admin.post('/api/v1/scholarship-payments/update', {
      id,
      payment_method: 'bkash',
      amount: '200',
      transaction_id: (stored.body.data as { transaction_id: string }).transaction_id,
      date: today(),
      institute_id: schoolId,
      is_approved: 1,
    });
    expect(policiesOf(approved)).toEqual([{ ids: [id], abilities: ALL }]);

    // The list reads the guard's column even when its fields leave it out, so the answer stays the guard's.
    const list = await school.get('/api/v1/scholarship-payments?fields=id,amount');
    expect(policiesOf(list).find((policy) => policy.ids.includes(id))!.abilities).toEqual(NONE);
    expect(policiesOf(await school.get(`/api/v1/scholarship-payments/${id}`))).toEqual([{ ids: [id], abilities: NONE }]);
    // …and the write agrees.
    expect((await school.post('/api/v1/scholarship-payments/soft-delete', { id })).status).toBe(403);
  });

  it('refuse the system roles to deletion while a role of ones own may go', async () => {
    const list = await admin.get('/api/v1/user-roles?paginate=50');
    const rows = rowsOf<{ id: number; slug: string }>(list);
    const policyOf = (slug: string) => policiesOf(list).find((p) => p.ids.includes(rows.find((r) => r.slug === slug)!.id));
    expect(policyOf('admin')!.abilities).toEqual({ update: true, soft_delete: false, restore: true, destroy: false });
  });

  it('offer an admin nothing on the audit log, which nobody writes', async () => {
    const list = await admin.get('/api/v1/audit-logs');
    expect(policiesOf(list)).toEqual([{ ids: rowsOf<{ id: number }>(list).map((row) => row.id), abilities: NONE }]);
  });

  it('give an institute its own students and nobody else’s', async () => {
    const stored = await school.post('/api/v1/scholarship-registrations/store', validStudent(1));
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const id = (stored.body.data as { id: number }).id;
    expect(policiesOf(stored)).toEqual([{ ids: [id], abilities: OWN }]);
    const other = client(t, (await instituteSession(t, 821)).token);
    expect((await other.get(`/api/v1/scholarship-registrations/${id}`)).status).toBe(403);
  });
});

describe('answers through the row schema', () => {
  it('send a fetched row with exactly the fields of its schema', async () => {
    const stored = await school.post('/api/v1/scholarship-registrations/store', validStudent(2));
    const id = (stored.body.data as { id: number }).id;
    const row = (await school.get(`/api/v1/scholarship-registrations/${id}`)).body.data as Record<string, unknown>;
    expect(Object.keys(row).sort()).toEqual(Object.keys(RegistrationRow.shape).sort());
    expect(RegistrationRow.safeParse(row).success).toBe(true);
  });

  it('list every resource in the OpenAPI document with its row', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { paths: Record<string, { get?: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> } }> };
    for (const definition of resources) {
      const answer = doc.paths[`/api/v1/${definition.name}/{id}`]?.get?.responses['200'];
      expect(JSON.stringify(answer?.content), definition.name).toContain('"policies"');
    }
  });
});

describe('a definition is checked when the server starts', () => {
  const base = {
    ...withRow('userRoles', UserRoleRow),
    table: 'user_roles' as const,
    searchable: [],
    sortable: [],
    filterable: [],
    roles: { read: ['admin'] as const, write: [] },
  };

  it('refuses a column its row schema does not have', () => {
    expect(() => defineResource({ ...base, row: z.object({ id: z.number() }), columns: columnsOf('user_roles', ['id', 'title']) })).toThrow(
      'user-roles: title is not in its row schema',
    );
  });

  it('refuses a guard without the columns it reads', () => {
    expect(() => defineResource({ ...base, columns: columnsOf('user_roles', ['id']), guardWrite: () => undefined })).toThrow(
      'user-roles: a guard without the columns it reads',
    );
  });
});
