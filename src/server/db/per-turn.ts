/**
 * Calls gathered over one event-loop turn and answered together (architecture §8). Under load many
 * requests ask at once for the same kind of work, and a round trip or a commit costs the server more
 * than the work: the reads of the session behind a token and of the season's settings, and the
 * writes of registration creates. A batch is sent after every caller of the turn has asked, so each
 * caller gets what the database held after it asked, as with a query of its own.
 */
import { type Kysely, SqliteAdapter } from 'kysely';
import type { Database } from './types.js';

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** The outcome of `promise`, which it then no longer throws. */
export const settled = <T>(promise: Promise<T>): Promise<Outcome<T>> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

/** Runs a batch: one outcome per input, in the inputs' order. A throw fails every input of the batch. */
export type BatchRun<I, O> = (db: Kysely<Database>, inputs: I[]) => Promise<Outcome<O>[]>;

type Member<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
type Queue<I, O> = { members: Member<I, O>[]; busy: boolean };

/**
 * `oneAtATime`: a batch waits for the one before it, and what arrives meanwhile forms the next
 * (writes: one server's would queue behind one another's locks anyway); otherwise each turn's batch
 * is sent at once (reads). `max`: the most inputs in one batch.
 */
export function perTurnBatches<I, O>(run: BatchRun<I, O>, { oneAtATime = false, max = Infinity } = {}): (db: Kysely<Database>, input: I) => Promise<O> {
  const queues = new WeakMap<Kysely<Database>, Queue<I, O>>();
  const send = async (db: Kysely<Database>, members: Member<I, O>[]) => {
    const outcomes = await run(
      db,
      members.map((member) => member.input),
    ).catch((error: unknown) => members.map((): Outcome<O> => ({ ok: false, error })));
    outcomes.forEach((outcome, i) => (outcome.ok ? members[i]!.resolve(outcome.value) : members[i]!.reject(outcome.error)));
  };
  const drain = async (db: Kysely<Database>, queue: Queue<I, O>) => {
    try {
      while (queue.members.length > 0) {
        const batch = send(db, queue.members.splice(0, max));
        if (oneAtATime) await batch;
      }
    } finally {
      queue.busy = false;
    }
  };
  return (db, input) =>
    new Promise((resolve, reject) => {
      let queue = queues.get(db);
      if (!queue) {
        queue = { members: [], busy: false };
        queues.set(db, queue);
      }
      queue.members.push({ input, resolve, reject });
      if (queue.busy) return;
      queue.busy = true;
      // After the requests this turn of the event loop has read: they reach here together.
      setImmediate(() => void drain(db, queue));
    });
}

/**
 * Reads by key shared by the requests of one turn on PostgreSQL: the keys asked for in one turn are
 * read with one query; `readMany` answers the rows it found by key, and a key it did not find is
 * answered `undefined`. `readOne` reads a key alone (a turn with one key, SQLite, a transaction),
 * usually as a prepared statement, cheaper than the `in`/`any` of `readMany`. SQLite and transactions
 * read alone: on SQLite a read is an in-process call, cheaper than waiting for the turn to end, and a
 * transaction's reads must stay on its connection.
 */
export function perTurn<K, V>(
  readMany: (db: Kysely<Database>, keys: K[]) => Promise<Map<K, V>>,
  readOne: (db: Kysely<Database>, key: K) => Promise<V | undefined> = (db, key) => readMany(db, [key]).then((found) => found.get(key)),
) {
  const gathered = perTurnBatches<K, V | undefined>(async (db, keys) => {
    const distinct = [...new Set(keys)];
    if (distinct.length === 1) {
      const value = await readOne(db, distinct[0]!);
      return keys.map(() => ({ ok: true, value }));
    }
    const found = await readMany(db, distinct);
    return keys.map((key) => ({ ok: true, value: found.get(key) }));
  });
  return (db: Kysely<Database>, key: K): Promise<V | undefined> => {
    if (db.isTransaction || db.getExecutor().adapter instanceof SqliteAdapter) return readOne(db, key);
    return gathered(db, key);
  };
}
