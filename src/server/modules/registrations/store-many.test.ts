/**
 * Many registrations at once (the importer's store): the same rules as the form — numbers unique and
 * in step with the form's, counters equal to a fresh count, the name search finding every one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RegistrationBody } from '../../../common/schemas/registrations.js';
import { consistencyProblems } from '../../test/consistency.js';
import { adminToken, client, instituteSession, mixedStudent, startTestApp, type TestApp } from '../../test/test-app.js';
import { type RegistrationInput, STORE_BATCH, storeRegistrations } from './registrations.service.js';

let t: TestApp;
let school: { token: string; id: number; uid: string };
beforeAll(async () => {
  t = await startTestApp();
  school = await instituteSession(t, 830);
});
afterAll(async () => t.close());

const forms = (count: number, from = 0): RegistrationInput[] =>
  Array.from({ length: count }, (_, i) => ({
    ...RegistrationBody.parse(mixedStudent(from + i, { name_english: `bulk student ${from + i}` })),
    institute_id: school.id,
  }));

describe('storing many registrations', () => {
  it('numbers them like the form does, counts them and finds them', async () => {
    const api = client(t, school.token);
    const typed = await api.post('/api/v1/scholarship-registrations/store', mixedStudent(10_000));
    expect(typed.status).toBe(200);

    const count = STORE_BATCH * 2 + 17;
    const seen: number[] = [];
    const user = { id: school.id, role: 'institute' as const, name: 'School', institute_name_english: 'School' };
    const stored = await storeRegistrations({ user, client: { ip: '127.0.0.1', userAgent: 'test' }, db: t.app.db }, forms(count), (n) => seen.push(n));
    expect(stored).toHaveLength(count);
    expect(seen).toEqual([STORE_BATCH, STORE_BATCH * 2, count]);
    // In the order given, each with the class it was given.
    expect(stored.map((row) => row.full_name)).toEqual(forms(count).map((form) => form.name_english));

    const typedAfter = await api.post('/api/v1/scholarship-registrations/store', mixedStudent(10_001));
    type Numbered = { reg_no: string; roll_no: string; class: string };
    const all = [typed.body.data as Numbered, ...(stored as unknown as Numbered[]), typedAfter.body.data as Numbered];
    expect(new Set(all.map((row) => row.reg_no)).size).toBe(all.length);
    expect(new Set(all.map((row) => row.roll_no)).size).toBe(all.length);
    // One sequence for every create: the bulk block sits between the form's numbers.
    const regs = all.map((row) => Number(row.reg_no.slice(2, 9)));
    expect(regs.at(-1)! - regs[0]!).toBe(count + 1);
    for (const row of all) expect(row.roll_no.slice(2, 4)).toBe(row.class);

    expect(await consistencyProblems(t.app.db)).toEqual([]);
    const analytics = await api.get('/api/v1/scholarship-registrations/analytics');
    expect((analytics.body.data as { total_registration: number }).total_registration).toBe(count + 2);

    const admin = client(t, await adminToken(t));
    const found = await admin.get(`/api/v1/scholarship-registrations?search=${encodeURIComponent(`bulk student ${count - 1}`)}`);
    expect((found.body.data as { data: { full_name: string }[] }).data.map((row) => row.full_name)).toContain(`BULK STUDENT ${count - 1}`);
  });
});
