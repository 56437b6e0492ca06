import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { inSharedTransaction } from './group-commit.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
});
afterAll(async () => t.close());

const counter = async (name: string) => (await t.app.db.selectFrom('sequences').select('value').where('name', '=', name).executeTakeFirst())?.value;

describe('writes sharing a transaction', () => {
  it('keeps the writes that succeed and undoes only the one that fails, each caller told its own outcome', async () => {
    const write = (name: string, fail: boolean) =>
      inSharedTransaction(t.app.db, async (trx) => {
        await trx.insertInto('sequences').values({ name, value: 1 }).execute();
        if (fail) throw new Error(`${name} refused`);
        return name;
      });
    // Started in the same turn of the event loop, so on SQLite they share one transaction.
    const outcomes = await Promise.allSettled([write('gc-a', false), write('gc-b', true), write('gc-c', false)]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'gc-a' },
      { status: 'rejected', reason: new Error('gc-b refused') },
      { status: 'fulfilled', value: 'gc-c' },
    ]);
    expect([await counter('gc-a'), await counter('gc-b'), await counter('gc-c')]).toEqual([1, undefined, 1]);
  });

  it('refuses a unique clash in one write without losing the others of its batch', async () => {
    const write = (name: string) => inSharedTransaction(t.app.db, (trx) => trx.insertInto('sequences').values({ name, value: 7 }).execute());
    const outcomes = await Promise.allSettled([write('gc-d'), write('gc-d'), write('gc-e')]);
    // On PostgreSQL the two clashing writes race in separate transactions: either may win.
    expect(outcomes.slice(0, 2).map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes[2]!.status).toBe('fulfilled');
    expect([await counter('gc-d'), await counter('gc-e')]).toEqual([7, 7]);
  });
});
