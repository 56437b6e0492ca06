/**
 * A new admin account and its audit entry (a grant of the admin role) commit together: when the
 * entry cannot be written, no account is left behind that the audit log does not know about.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, startTestApp, validRegistration, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

/** Makes every audit insert fail, as a full disk or a lost connection would in the middle of the write. */
async function breakAuditLog(): Promise<void> {
  if (t.config.database.dialect === 'postgres') {
    await sql`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$`.execute(t.app.db);
    await sql`create trigger refuse_audit before insert on audit_logs for each row execute function refuse_audit()`.execute(t.app.db);
  } else {
    await sql`create trigger refuse_audit before insert on audit_logs begin select raise(abort, 'audit log unavailable'); end`.execute(t.app.db);
  }
}

describe('a new admin account', () => {
  it('is not stored when its audit entry cannot be written', async () => {
    await breakAuditLog();
    const body = validRegistration(950, { role: 'admin' });
    const res = await admin.post('/api/v1/users/store', body);
    expect(res.status).toBe(500);
    const stored = await t.app.db.selectFrom('users').select('id').where('email', '=', String(body.email)).executeTakeFirst();
    expect(stored).toBeUndefined();
  });
});
