import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type BatchRun, perTurn, perTurnBatches } from './per-turn.js';
import type { Database } from './types.js';

const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
// perTurn gathers on PostgreSQL only; the reads below are the test's own, so the pool never connects.
const postgres = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', max: 1 }) }) });
afterAll(async () => {
  await db.destroy();
  await postgres.destroy();
});

/** A run that records its batches and how many ran at once, answering each input doubled after a pause. */
function recorded(fail = (_: number) => false) {
  const batches: number[][] = [];
  let running = 0;
  let mostAtOnce = 0;
  const run: BatchRun<number, number> = async (_, inputs) => {
    batches.push(inputs);
    mostAtOnce = Math.max(mostAtOnce, ++running);
    await new Promise((resolve) => setTimeout(resolve, 20));
    running--;
    if (inputs.some(fail)) throw new Error(`batch of ${inputs.join(',')} failed`);
    return inputs.map((input) => (input < 0 ? { ok: false, error: new Error(`${input} refused`) } : { ok: true, value: input * 2 }));
  };
  return { run, batches, mostAtOnce: () => mostAtOnce };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('calls gathered per turn', () => {
  it('sends the calls of one turn as one batch and answers each caller its own outcome', async () => {
    const { run, batches } = recorded();
    const call = perTurnBatches(run);
    const outcomes = await Promise.allSettled([call(db, 1), call(db, -2), call(db, 3)]);
    expect(batches).toEqual([[1, -2, 3]]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('-2 refused') },
      { status: 'fulfilled', value: 6 },
    ]);
  });

  it('fails every caller of a batch whose run throws, and only them', async () => {
    const { run } = recorded((input) => input === 13);
    const call = perTurnBatches(run);
    const first = Promise.allSettled([call(db, 12), call(db, 13)]);
    await nextTurn();
    const second = call(db, 14);
    expect((await first).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(await second).toBe(28);
  });

  it('sends a later turn at once, beside a batch still running, unless one at a time is asked', async () => {
    const side = recorded();
    const sideBySide = perTurnBatches(side.run);
    const serial = recorded();
    const oneAtATime = perTurnBatches(serial.run, { oneAtATime: true });
    const calls: Promise<number>[] = [];
    for (const input of [1, 2, 3]) {
      calls.push(sideBySide(db, input), oneAtATime(db, input));
      await nextTurn();
    }
    await Promise.all(calls);
    expect(side.batches).toEqual([[1], [2], [3]]);
    expect(side.mostAtOnce()).toBe(3);
    // The first batch runs alone; what arrived while it ran forms the next.
    expect(serial.batches).toEqual([[1], [2, 3]]);
    expect(serial.mostAtOnce()).toBe(1);
  });

  it('splits a turn into batches of at most `max`', async () => {
    const { run, batches } = recorded();
    const call = perTurnBatches(run, { oneAtATime: true, max: 2 });
    expect(await Promise.all([1, 2, 3, 4, 5].map((input) => call(db, input)))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });
});

describe('reads by key per turn', () => {
  /** Reads that record how they were asked: a key's value is the key doubled, 0 is never found. */
  function reads() {
    const asked: string[] = [];
    const read = perTurn(
      async (_, keys: number[]) => {
        asked.push(`many ${keys.join(',')}`);
        return new Map(keys.filter((key) => key !== 0).map((key) => [key, key * 2]));
      },
      async (_, key) => {
        asked.push(`one ${key}`);
        return key === 0 ? undefined : key * 2;
      },
    );
    return { read, asked };
  }

  it('reads the distinct keys of a turn with one query, and a turn of one key alone', async () => {
    const { read, asked } = reads();
    expect(await Promise.all([read(postgres, 1), read(postgres, 2), read(postgres, 1), read(postgres, 0)])).toEqual([2, 4, 2, undefined]);
    expect(await Promise.all([read(postgres, 3), read(postgres, 3)])).toEqual([6, 6]);
    expect(asked).toEqual(['many 1,2,0', 'one 3']);
  });

  it('reads alone on SQLite, and without readOne asks readMany for the one key', async () => {
    const { read, asked } = reads();
    expect(await Promise.all([read(db, 1), read(db, 2)])).toEqual([2, 4]);
    expect(asked).toEqual(['one 1', 'one 2']);
    const keys: number[][] = [];
    const manyOnly = perTurn(async (_, asked: number[]) => {
      keys.push(asked);
      return new Map(asked.map((key) => [key, key]));
    });
    expect(await manyOnly(postgres, 5)).toBe(5);
    expect(keys).toEqual([[5]]);
  });
});
