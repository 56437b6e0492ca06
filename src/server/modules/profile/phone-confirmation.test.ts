/**
 * Confirming a mobile number by a code sent to it as SMS (docs/operators/security.md): the code goes through the
 * outbox, is right once, for ten minutes, for five guesses, for its account and its number only; a
 * number held unconfirmed is refused to a newcomer with a message saying the admin can release it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, instituteSession, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';
import { smsSegments } from '../notices/sms-segments.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const phoneOf = (n: number) => String(validRegistration(n).phone_number);

/** The last SMS queued to an account, and the code in it. */
async function lastCode(userId: number): Promise<{ code: string; body: string; recipient: string }> {
  const row = await t.app.db
    .selectFrom('outbox')
    .select(['body', 'recipient'])
    .where('user_id', '=', userId)
    .where('channel', '=', 'sms')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { code: /\d{6}/.exec(row.body)![0], ...row };
}

const setAt = async (id: number) => (await t.app.db.selectFrom('users').select('phone_set_at').where('id', '=', id).executeTakeFirstOrThrow()).phone_set_at;

const confirmedAt = async (id: number) =>
  (await t.app.db.selectFrom('users').select('phone_confirmed_at').where('id', '=', id).executeTakeFirstOrThrow()).phone_confirmed_at;

/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('confirming the mobile number', () => {
  it('sends a Bengali one-part SMS with a code through the outbox, stores only its digest, and confirms with it once', async () => {
    const me = await instituteSession(t, 1501);
    const api = client(t, me.token);
    const sent = await api.post('/api/v1/profile/phone/send-code', {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe('A code was sent to your mobile number; enter it within 10 minutes.');

    const { code, body, recipient } = await lastCode(me.id);
    expect(recipient).toBe(phoneOf(1501));
    expect(body).toMatch(/মোবাইল নিশ্চিত/);
    expect(smsSegments(body)).toBe(1);
    const stored = await t.app.db.selectFrom('phone_codes').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.attempts).toBe(0);
    // The dispatcher delivers it: by default a file in DATA_DIR/sms.
    const folder = path.join(t.dataDir, 'sms');
    await expect.poll(async () => (await fs.readdir(folder).catch(() => [])).some((name) => name.endsWith(`${phoneOf(1501)}.txt`))).toBe(true);

    const wrong = await api.post('/api/v1/profile/phone/confirm', { code: otherThan(code) });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({ code: ['The code is not right.'] });
    expect(await confirmedAt(me.id)).toBeNull();

    const right = await api.post('/api/v1/profile/phone/confirm', { code });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((right.body.data as { user: { phone_confirmed_at: string | null } }).user.phone_confirmed_at).not.toBeNull();
    expect(await confirmedAt(me.id)).not.toBeNull();
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select(['action', 'user_id'])
      .where('entity_id', '=', me.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'phone.confirm', user_id: me.id });

    expect((await api.post('/api/v1/profile/phone/confirm', { code })).body.data).toEqual({
      code: ['The code has expired, or none was sent; send a new code.'],
    });
    expect((await api.post('/api/v1/profile/phone/send-code', {})).status).toBe(409);
  });

  it('takes the code in Bengali digits too', async () => {
    const me = await instituteSession(t, 1502);
    const api = client(t, me.token);
    await api.post('/api/v1/profile/phone/send-code', {});
    const bengali = (await lastCode(me.id)).code.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    expect((await api.post('/api/v1/profile/phone/confirm', { code: bengali })).status).toBe(200);
  });

  it('a new code replaces the old one', async () => {
    const me = await instituteSession(t, 1503);
    const api = client(t, me.token);
    await api.post('/api/v1/profile/phone/send-code', {});
    const first = (await lastCode(me.id)).code;
    await api.post('/api/v1/profile/phone/send-code', {});
    const second = (await lastCode(me.id)).code;
    if (first !== second) expect((await api.post('/api/v1/profile/phone/confirm', { code: first })).status).toBe(422);
    expect((await api.post('/api/v1/profile/phone/confirm', { code: second })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const me = await instituteSession(t, 1504);
    const api = client(t, me.token);
    await api.post('/api/v1/profile/phone/send-code', {});
    const { code } = await lastCode(me.id);
    await t.app.db
      .updateTable('phone_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', me.id)
      .execute();
    const res = await api.post('/api/v1/profile/phone/confirm', { code });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ code: ['The code has expired, or none was sent; send a new code.'] });
    expect(await confirmedAt(me.id)).toBeNull();
  });

  it('five wrong guesses void the code', async () => {
    const me = await instituteSession(t, 1505);
    const api = client(t, me.token);
    await api.post('/api/v1/profile/phone/send-code', {});
    const { code } = await lastCode(me.id);
    for (let i = 1; i <= 5; i++) {
      expect((await api.post('/api/v1/profile/phone/confirm', { code: otherThan(code) })).body.data).toEqual({ code: ['The code is not right.'] });
      const left = await t.app.db.selectFrom('phone_codes').select('attempts').where('user_id', '=', me.id).executeTakeFirst();
      expect(left?.attempts).toBe(i < 5 ? i : undefined);
    }
    expect((await api.post('/api/v1/profile/phone/confirm', { code })).status).toBe(422);
    expect(await confirmedAt(me.id)).toBeNull();
  });

  it('sends at most three codes an hour to an account', async () => {
    const me = await instituteSession(t, 1506);
    const api = client(t, me.token);
    for (let i = 0; i < 3; i++) expect((await api.post('/api/v1/profile/phone/send-code', {})).status).toBe(200);
    expect((await api.post('/api/v1/profile/phone/send-code', {})).status).toBe(429);
    const queued = await t.app.db.selectFrom('outbox').select('id').where('user_id', '=', me.id).where('channel', '=', 'sms').execute();
    expect(queued).toHaveLength(3);
    // Another account is not held back by it.
    const other = await instituteSession(t, 1507);
    expect((await client(t, other.token).post('/api/v1/profile/phone/send-code', {})).status).toBe(200);
  });

  it("another account cannot confirm with someone else's code", async () => {
    const owner = await instituteSession(t, 1508);
    const thief = await instituteSession(t, 1509);
    await client(t, owner.token).post('/api/v1/profile/phone/send-code', {});
    const { code } = await lastCode(owner.id);
    expect((await client(t, thief.token).post('/api/v1/profile/phone/confirm', { code })).status).toBe(422);
    await client(t, thief.token).post('/api/v1/profile/phone/send-code', {});
    if ((await lastCode(thief.id)).code !== code) expect((await client(t, thief.token).post('/api/v1/profile/phone/confirm', { code })).status).toBe(422);
    expect(await confirmedAt(thief.id)).toBeNull();
    expect(await confirmedAt(owner.id)).toBeNull();
  });

  it('a changed number is unconfirmed, and a code sent to the old number does not confirm the new one', async () => {
    const me = await instituteSession(t, 1510);
    const api = client(t, me.token);
    await api.post('/api/v1/profile/phone/send-code', {});
    expect((await api.post('/api/v1/profile/phone/confirm', { code: (await lastCode(me.id)).code })).status).toBe(200);
    const form = (n: number) => ({
      ...validRegistration(n),
      password: undefined,
      password_confirmation: undefined,
      contact_person_name_english: 'Md Rahim Uddin',
    });
    // Saving the same number keeps the confirmation, and when the account took the number.
    const taken = await setAt(me.id);
    expect(taken).not.toBeNull();
    expect((await api.post('/api/v1/profile/update-info', form(1510))).status).toBe(200);
    expect(await confirmedAt(me.id)).not.toBeNull();
    expect(await setAt(me.id)).toBe(taken);
    expect((await api.post('/api/v1/profile/update-info', { ...form(1510), phone_number: phoneOf(1610) })).status).toBe(200);
    expect(await confirmedAt(me.id)).toBeNull();
    expect(await setAt(me.id)).not.toBe(taken);
    expect((await api.post('/api/v1/profile/phone/send-code', {})).status).toBe(200);
    expect((await lastCode(me.id)).recipient).toBe(phoneOf(1610));

    const other = await instituteSession(t, 1512);
    await client(t, other.token).post('/api/v1/profile/phone/send-code', {});
    const { code } = await lastCode(other.id);
    expect((await client(t, other.token).post('/api/v1/profile/update-info', { ...form(1512), phone_number: phoneOf(1612) })).status).toBe(200);
    expect((await client(t, other.token).post('/api/v1/profile/phone/confirm', { code })).body.data).toEqual({
      code: ['The code has expired, or none was sent; send a new code.'],
    });
    expect(await confirmedAt(other.id)).toBeNull();
  });

  it('an account without a number is told so', async () => {
    const me = await instituteSession(t, 1511);
    await t.app.db.updateTable('users').set({ phone_number: null }).where('id', '=', me.id).execute();
    const res = await client(t, me.token).post('/api/v1/profile/phone/send-code', {});
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ phone_number: ['The profile has no mobile number.'] });
  });
});

describe('a number another account holds', () => {
  it('unconfirmed: the newcomer is told the holder has not confirmed it and the admin can release it', async () => {
    await instituteSession(t, 1520);
    const res = await client(t).post('/api/auth/register', validRegistration(1521, { phone_number: phoneOf(1520) }));
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      phone_number: ['An account holds this number without having confirmed it; if the number is yours, the admin can release it.'],
    });
  });

  it('confirmed: simply taken, by registration or by a profile change', async () => {
    const holder = await instituteSession(t, 1522);
    await client(t, holder.token).post('/api/v1/profile/phone/send-code', {});
    await client(t, holder.token).post('/api/v1/profile/phone/confirm', { code: (await lastCode(holder.id)).code });
    const res = await client(t).post('/api/auth/register', validRegistration(1523, { phone_number: phoneOf(1522) }));
    expect(res.body.data).toEqual({ phone_number: ['This mobile number is already registered.'] });
    const other = await instituteSession(t, 1524);
    const form = {
      ...validRegistration(1524),
      password: undefined,
      password_confirmation: undefined,
      contact_person_name_english: 'Md Rahim Uddin',
      phone_number: phoneOf(1522),
    };
    const changed = await client(t, other.token).post('/api/v1/profile/update-info', form);
    expect(changed.status).toBe(422);
    expect(changed.body.data).toEqual({ phone_number: ['This mobile number is already registered.'] });
  });
});
