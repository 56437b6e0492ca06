/**
 * A restarted server on a season's file first reads every page its requests touch from the disk, one
 * random read at a time: the institute list served 18.7 req/s with errors for its first minute (issue
 * figures in bench/results). At start the read pool walks the b-trees the hot requests use once, in
 * order, on its worker thread (never the event loop): the indexes first, then the tables, the
 * registrations' rows last. A `count(*)` over a b-tree visits each of its pages and decodes no row, so the
 * walk costs the disk's sequential speed and little CPU, and leaves the pages in the operating system's
 * cache, where every connection finds them. A small file needs none of it: its first requests read it.
 */
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ReadPool } from './read-pool.js';

/** Below this size a file is read by its first requests soon enough (a test's, a new season's). */
export const WARM_UP_FROM_BYTES = 64 * 1024 * 1024;

/** The tables whose b-trees every busy day's requests read: sessions, lists, dashboards, search, settings. */
const HOT_TABLES = [
  'access_tokens',
  'users',
  'setting_values',
  'registration_counts',
  'registration_totals',
  'fee_totals',
  'scholarship_payments',
  'registrations_search_data',
  'registrations_search_idx',
  'scholarship_registrations',
];

type BTree = { name: string; table: string; type: 'table' | 'index'; partial: number };

/** The statements that walk each b-tree of the hot tables: the indexes, then the tables, the registrations' rows last. */
export async function warmUpStatements(readPool: ReadPool): Promise<string[]> {
  const trees = await readPool.rows<BTree>(
    `select name, tbl_name as "table", type, coalesce(sql like '% where %', 0) as partial from sqlite_master
      where type in ('table', 'index') and tbl_name in (${HOT_TABLES.map(() => '?').join(', ')})
      order by type = 'table', tbl_name = 'scholarship_registrations', name`,
    HOT_TABLES,
  );
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  // A partial index serves only queries with its condition; those are not the hot ones.
  return trees
    .filter((tree) => !tree.partial)
    .map((tree) =>
      tree.type === 'index'
        ? `select count(*) from ${quoted(tree.table)} indexed by ${quoted(tree.name)}`
        : `select count(*) from ${quoted(tree.table)} not indexed`,
    );
}

/** Walks the hot b-trees of a season's file (see above); answers the milliseconds it took, or undefined for a small file. */
export async function warmUp(file: string, readPool: ReadPool): Promise<number | undefined> {
  const size = fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  if (size < WARM_UP_FROM_BYTES) return undefined;
  const started = performance.now();
  for (const statement of await warmUpStatements(readPool)) await readPool.rows(statement, []);
  return performance.now() - started;
}

/** Once the server is ready, warms its file up beside the requests it already serves. */
export function warmUpWhenReady(app: FastifyInstance, file: string, readPool: ReadPool): void {
  app.addHook('onReady', async () => {
    warmUp(file, readPool).then(
      (ms) => ms !== undefined && app.log.info({ ms: Math.round(ms) }, 'season file warmed up'),
      (err: unknown) => app.log.warn({ err }, 'warming the season file up failed'),
    );
  });
}
