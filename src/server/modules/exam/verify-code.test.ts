/** The admit card's typed check: the roll and the code printed under the QR, for a person without a scanner. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatedInOneCentre, studentsOf } from '../../test/season.js';
import { adminToken, client, startTestApp, type TestApp } from '../../test/test-app.js';
import { VERIFY_MISSES } from './verify.routes.js';
import { printedCode, typedCode, verifyCode } from './verify-code.js';

let t: TestApp;
let seated: { roll: string; name: string; token: string };
let unpaidRoll: string;

beforeAll(async () => {
  t = await startTestApp();
  const admin = client(t, await adminToken(t));
  const school = await studentsOf(t, admin, 8900, ['04', '04'], 1);
  await seatedInOneCentre(t, admin, school.students[0]!.id, 5);
  const row = await t.app.db
    .selectFrom('exam_seats as s')
    .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
    .select(['r.roll_no', 'r.name_english', 's.token'])
    .where('r.id', '=', school.students[0]!.id)
    .executeTakeFirstOrThrow();
  seated = { roll: row.roll_no, name: row.name_english, token: row.token };
  unpaidRoll = school.students[1]!.roll_no;
});
afterAll(async () => t.close());

const check = (roll: string, code: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: `/verify?roll=${encodeURIComponent(roll)}&code=${encodeURIComponent(code)}`, remoteAddress: ip });

describe('the code under the QR', () => {
  it('is six letters a person can read, derived from the token, forgiving case, spaces and look-alikes', () => {
    const code = verifyCode(seated.token);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(verifyCode(seated.token)).toBe(code);
    expect(verifyCode(`${seated.token}x`)).not.toBe(code);
    expect(printedCode(code)).toBe(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(typedCode(` ${printedCode(code).toLowerCase()} `)).toBe(code);
    expect(typedCode('o1l-IAB')).toBe('0111AB');
    expect(typedCode('K7M2Q')).toBeUndefined();
    expect(typedCode('K7M2QU')).toBeUndefined();
  });

  it('opens the card’s page with the roll, as typed by a person; any other pair gets the same refusal', async () => {
    const form = await t.app.inject({ method: 'GET', url: '/verify' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('name="code"');
    const code = verifyCode(seated.token);
    const typed = `${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`.replace(/0/g, 'o');
    const page = await check(seated.roll, typed, '203.0.113.1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(seated.name);
    expect(page.body).toContain(seated.roll);
    const wrong = `${code.slice(0, 5)}${code.endsWith('A') ? 'B' : 'A'}`;
    const answers = [
      await check(seated.roll, wrong, '203.0.113.2'),
      await check(unpaidRoll, code, '203.0.113.2'),
      await check('2699999999', code, '203.0.113.2'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain(seated.name);
      expect(answer.body).toContain('কোডটি আবার দেখে লিখুন');
    }
    const malformed = await check('রোল', 'K7', '203.0.113.3');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.body).toContain('aria-invalid="true"');
    expect(malformed.body).toContain('value="K7"');
  });

  it('refuses an address after its wrong pairs run out, the right code too, and another address is unaffected', async () => {
    const code = verifyCode(seated.token);
    const wrong = `${code.slice(0, 5)}${code.endsWith('A') ? 'B' : 'A'}`;
    const guesses = await Promise.all(Array.from({ length: VERIFY_MISSES.max + 5 }, () => check(seated.roll, wrong, '198.51.100.9')));
    expect(guesses.filter((answer) => answer.statusCode === 404)).toHaveLength(VERIFY_MISSES.max);
    expect(guesses.filter((answer) => answer.statusCode === 429)).toHaveLength(5);
    expect((await check(seated.roll, code, '198.51.100.9')).statusCode).toBe(429);
    expect((await check(seated.roll, code, '198.51.100.10')).statusCode).toBe(200);
  });
});
