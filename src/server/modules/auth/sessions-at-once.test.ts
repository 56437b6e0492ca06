/**
 * Requests that arrive together (db/per-turn.ts: on PostgreSQL the sessions of one turn's requests are
 * read with one query): each is answered as the account behind its own token, and a wrong, expired or
 * logged-out token is refused alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
});
afterAll(async () => t.close());

describe('sessions read side by side', () => {
  it('answers every request as its own account, and refuses only the tokens that do not hold', async () => {
    const schools = await Promise.all([1, 2, 3, 4].map((n) => instituteSession(t, 810 + n)));
    const admin = await adminToken(t);
    const loggedOut = await instituteSession(t, 819);
    expect((await client(t, loggedOut.token).post('/api/auth/logout')).status).toBe(200);
    const tokens = [...schools.map((school) => school.token), admin, 'nonsense', loggedOut.token, schools[0]!.token];
    // Sent at once, twice over, so each turn of the server reads several sessions together.
    const answers = await Promise.all([...tokens, ...tokens].map((token) => client(t, token).post('/api/auth/me')));
    const ids = answers.map((answer) => (answer.status === 200 ? (answer.body.data as { user: { id: number } }).user.id : answer.status));
    const expected = [...schools.map((school) => school.id), expect.any(Number), 401, 401, schools[0]!.id];
    expect(ids).toEqual([...expected, ...expected]);
    expect(ids[4]).not.toBe(schools[0]!.id);
    expect((answers[4]!.body.data as { user: { role: string } }).user.role).toBe('admin');
  });
});
