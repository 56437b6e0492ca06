/**
 * Requests waiting for SQLite's one connection take it in turn by promises; the event loop still turns
 * every few milliseconds among them, so a server busy with a queue of writes accepts connections and
 * reads requests meanwhile (connect.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './connect.js';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'scholarship-turns-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

it('lets the event loop turn while transactions queue for the connection', async () => {
  const db = openDatabase({ dialect: 'sqlite', file: path.join(folder, 'turns.sqlite') } as Parameters<typeof openDatabase>[0], () => undefined);
  try {
    const queued = 40;
    let finished = 0;
    let finishedAtTimer: number | undefined;
    // A few milliseconds of SQLite's work each: together far longer than one turn.
    const count = sql`with recursive c(x) as (select 1 union all select x + 1 from c where x < 30000) select count(*) from c`;
    const started = performance.now();
    setTimeout(() => (finishedAtTimer = finished), 0);
    await Promise.all(
      Array.from({ length: queued }, () =>
        db.transaction().execute(async (trx) => {
          await count.execute(trx);
          finished++;
        }),
      ),
    );
    expect(performance.now() - started).toBeGreaterThan(50);
    expect(finishedAtTimer).toBeLessThan(queued);
  } finally {
    await db.destroy();
  }
});
