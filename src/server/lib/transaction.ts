/** One transaction around a whole write, including the custom writes and the audit entry inside it. */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types.js';

/**
 * The transaction as a `Kysely` whose own `transaction()` joins it instead of failing, so a custom
 * write that opens a transaction (registrations keep counters that way) runs inside the outer one.
 * Methods are bound to the real transaction: Kysely keeps its state in private fields.
 */
function joinable(trx: Transaction<Database>): Kysely<Database> {
  return new Proxy(trx, {
    get(target, key) {
      if (key === 'transaction') return () => ({ execute: <T>(work: (inner: Transaction<Database>) => Promise<T>) => work(target) });
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute((trx) => work(joinable(trx)));
}
