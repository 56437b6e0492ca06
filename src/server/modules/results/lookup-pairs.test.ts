/**
 * The result lookup's pair cannot be worked out: a registration number ends in random digits, so the
 * numbers given in order do not pair with the rolls given in order (and numbers given before are migrated);
 * an address may make only so many lookups whatever they find; the page shows the result, not the family.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as addRandomPart } from '../../db/migrations/2026-12-15-reg-no-random-part.js';
import { consistencyProblems } from '../../test/consistency.js';
import { sampleResultDocument } from '../../test/result-samples.js';
import { client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';
import { LOOKUPS } from './lookup.routes.js';

let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  limited = await startTestApp({}, { rateLimit: true });
});
afterAll(async () => {
  await t?.close();
  await limited?.close();
});

type Registered = { id: number; reg_no: string; roll_no: string };

async function registerMany(n: number, count: number): Promise<Registered[]> {
  const api = client(t, (await instituteSession(t, n)).token);
  const stored: Registered[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(n * 100 + i));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    stored.push(res.body.data as Registered);
  }
  return stored;
}

describe('registration numbers', () => {
  it('end in random digits, so the next roll’s number cannot be worked out from one pair', async () => {
    const stored = await registerMany(8300, 20);
    for (const row of stored) expect(row.reg_no).toMatch(/^\d{13}$/);
    // The counter still rises one by one, like the rolls; the last four digits do not follow it.
    const counters = stored.map((row) => Number(row.reg_no.slice(2, 9)));
    expect(counters).toEqual(counters.map((_, i) => counters[0]! + i));
    expect(new Set(stored.map((row) => row.reg_no.slice(9))).size).toBeGreaterThan(10);
    // What the roll numbers' order gives (the pair's number plus one) is not the next student's number.
    const derived = stored
      .slice(1)
      .filter((row, i) => String(Number(stored[i]!.reg_no) + 1) === row.reg_no || row.reg_no === String(Number(stored[i]!.reg_no) + 10_000));
    expect(derived.length).toBeLessThan(3);
    expect(await consistencyProblems(t.app.db)).toEqual([]);
  });

  it('given before are migrated: the random part added, the slug and the published copies following', async () => {
    const [a, b] = await registerMany(8301, 2);
    const db = t.app.db as unknown as Kysely<unknown>;
    // As the numbers were given before: the year and the counter only, the slug the same.
    for (const row of [a!, b!]) {
      await t.app.db
        .updateTable('scholarship_registrations')
        .set({ reg_no: row.reg_no.slice(0, 9), slug: row.reg_no.slice(0, 9) })
        .where('id', '=', row.id)
        .execute();
    }
    await t.app.db
      .insertInto('result_snapshot')
      .values({
        version: 7,
        roll_no: a!.roll_no,
        reg_no: a!.reg_no.slice(0, 9),
        birth_certificate_no: null,
        doc: JSON.stringify(sampleResultDocument({ roll_no: a!.roll_no, reg_no: a!.reg_no.slice(0, 9) })),
      })
      .execute();
    await addRandomPart(db);
    const rows = await t.app.db
      .selectFrom('scholarship_registrations')
      .select(['id', 'reg_no', 'slug'])
      .where('id', 'in', [a!.id, b!.id])
      .orderBy('id')
      .execute();
    for (const [i, row] of rows.entries()) {
      expect(row.reg_no).toMatch(/^\d{13}$/);
      expect(row.reg_no.slice(0, 9)).toBe([a!, b!][i]!.reg_no.slice(0, 9));
      expect(row.slug).toBe(row.reg_no);
    }
    const snapshot = await t.app.db.selectFrom('result_snapshot').select(['reg_no', 'doc']).where('version', '=', 7).executeTakeFirstOrThrow();
    expect(snapshot.reg_no).toBe(rows[0]!.reg_no);
    expect((JSON.parse(snapshot.doc) as { reg_no: string }).reg_no).toBe(rows[0]!.reg_no);
    // Numbers of the new form are left alone by a second run.
    await addRandomPart(db);
    expect(
      await t.app.db.selectFrom('scholarship_registrations').select(['id', 'reg_no', 'slug']).where('id', 'in', [a!.id, b!.id]).orderBy('id').execute(),
    ).toEqual(rows);
    await t.app.db.deleteFrom('result_snapshot').where('version', '=', 7).execute();
  });
});

describe('the public lookup', () => {
  const doc = sampleResultDocument({ roll_no: '2604000010', reg_no: '2600000101234' });
  beforeAll(async () => {
    await limited.app.db.updateTable('exams').set({ results_version: 1 }).where('id', '=', 1).execute();
    await limited.app.db
      .insertInto('result_snapshot')
      .values({ version: 1, roll_no: doc.roll_no, reg_no: doc.reg_no, birth_certificate_no: null, doc: JSON.stringify(doc) })
      .execute();
  });
  const look = (ip: string) => limited.app.inject({ method: 'GET', url: `/result?roll=${doc.roll_no}&reg=${doc.reg_no}`, remoteAddress: ip });

  it('shows the result and whose it is, nothing of the family', async () => {
    const res = await look('192.0.2.50');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(doc.name_bn!);
    expect(res.body).toContain(doc.institute);
    expect(res.body).not.toContain(doc.father_name!);
    expect(res.body).not.toContain('পিতার নাম');
  });

  it('counts right pairs as well as wrong ones against an address', async () => {
    for (let i = 0; i < LOOKUPS.max; i++) expect((await look('192.0.2.51')).statusCode, `lookup ${i + 1}`).toBe(200);
    const refused = await look('192.0.2.51');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).not.toContain(doc.name_bn!);
    const slip = await limited.app.inject({ method: 'GET', url: `/result/slip?roll=${doc.roll_no}&reg=${doc.reg_no}`, remoteAddress: '192.0.2.51' });
    expect(slip.statusCode).toBe(429);
    expect((await look('192.0.2.52')).statusCode).toBe(200);
  });
});
