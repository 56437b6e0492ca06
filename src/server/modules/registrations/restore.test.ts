/**
 * A deactivated registration or payment comes back only through an admin: an institute cannot undo
 * what an admin deactivated (nor its own deactivation: one rule, architecture §5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../common/messages.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('restoring a deactivated row', () => {
  it.each([
    ['scholarship-registrations', 'scholarship_registrations', validStudent(1)],
    ['scholarship-payments', 'scholarship_payments', { payment_method: 'bkash', amount: 200, transaction_id: 'TRXRESTORE1', date: '2026-01-15' }],
  ] as const)('%s: an institute gets a 403 and the row stays deactivated; an admin restores it', async (resource, table, body) => {
    const admin = client(t, await adminToken(t));
    const session = await instituteSession(t, resource.length);
    const institute = client(t, session.token);
    const stored = await institute.post(`/api/v1/${resource}/store`, body);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    const id = (stored.body.data as { id: number }).id;
    const status = async () => (await t.app.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

    expect((await admin.post(`/api/v1/${resource}/soft-delete`, { id })).status).toBe(200);
    const refused = await institute.post(`/api/v1/${resource}/restore`, { id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(translate('en', 'restore_admin_only'));
    expect(await status()).toBe(0);

    expect((await admin.post(`/api/v1/${resource}/restore`, { id })).status).toBe(200);
    expect(await status()).toBe(1);
  });
});
