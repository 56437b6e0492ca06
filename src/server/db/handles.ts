/** What a repository function takes to reach the database, and how it locks what it reads for a write. */
import { type Kysely, PostgresAdapter, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from './types.js';

/** The app's database or a transaction in it: a repository function runs in whichever its caller holds. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * `query` taking its rows' write lock to the commit: FOR UPDATE on PostgreSQL. SQLite's writes are one
 * at a time (a transaction holds the one writer), so there nothing can interleave and nothing is added.
 */
export function lockingRows<Q extends SelectQueryBuilder<Database, keyof Database, unknown>>(trx: Transaction<Database>, query: Q): Q {
  return trx.getExecutor().adapter instanceof PostgresAdapter ? (query.forUpdate() as Q) : query;
}

/** `query` holding its rows against a change to the commit while others may read them too: FOR SHARE on PostgreSQL. */
export function sharingRows<Q extends SelectQueryBuilder<Database, keyof Database, unknown>>(trx: Transaction<Database>, query: Q): Q {
  return trx.getExecutor().adapter instanceof PostgresAdapter ? (query.forShare() as Q) : query;
}
