/**
 * The season's state (architecture §10: one owner): the exam's single row holds the exam's names,
 * whether admit cards are out, and the result's state (processed from which generation, published
 * under which snapshot version). This module alone writes that row, so each rule lives here once:
 * - every change that invalidates a processed result (a mark, a rule, a subject) bumps the generation,
 *   an update of the row, so it holds the row's lock to its commit, the lock mark writes already take;
 * - a processing records the generation it started from; its result is current only while the
 *   generation is still that one (no clocks compared, as servers' clocks differ);
 * - only a current result is published.
 */
import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Seating } from '../../../common/constants.js';
import { type Db, lockingRows } from '../../db/handles.js';
import type { Database, ExamsTable } from '../../db/types.js';
import { now } from '../../lib/time.js';

export type SeasonRow = Selectable<ExamsTable>;

const ROW = 1;

/** Whether the processed result was computed from the marks, rules and subjects as they are now. */
export const isCurrent = (row: Pick<SeasonRow, 'results_generation' | 'results_processed_generation'>): boolean =>
  row.results_processed_generation !== null && row.results_processed_generation === row.results_generation;

export async function readSeason(db: Db): Promise<SeasonRow> {
  return db.selectFrom('exams').selectAll().where('id', '=', ROW).executeTakeFirstOrThrow();
}

/**
 * Within a transaction: the row, locked to the commit on PostgreSQL (SQLite's writes are one at a
 * time), so a publication and a change that would make it stale happen one after the other.
 */
export async function lockSeason(trx: Transaction<Database>): Promise<SeasonRow> {
  const query = trx.selectFrom('exams').selectAll().where('id', '=', ROW);
  return lockingRows(trx, query).executeTakeFirstOrThrow();
}

/** The processed result no longer matches the marks, rules or subjects: a new generation. */
export async function invalidateResults(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('exams')
    .set((eb) => ({ results_generation: eb('results_generation', '+', 1) }))
    .where('id', '=', ROW)
    .execute();
}

/** The exam form's own facts. */
export async function saveExamFacts(trx: Transaction<Database>, facts: { name_bn: string; name_en: string; instructions: string; seating: Seating }) {
  await trx
    .updateTable('exams')
    .set({ ...facts, updated_at: now() })
    .where('id', '=', ROW)
    .execute();
}

export async function setAdmitCardsPublished(trx: Transaction<Database>, published: number): Promise<void> {
  await trx.updateTable('exams').set({ admit_cards_published: published, updated_at: now() }).where('id', '=', ROW).execute();
}

/**
 * A processing begins: the result is no longer processed, and the generation it works from is the
 * one now (read by an update, so after any mark write under way has committed).
 */
export async function beginProcessing(db: Kysely<Database>): Promise<number> {
  const row = await db
    .updateTable('exams')
    .set({ results_processed_at: null, results_processed_generation: null, results_summary: null })
    .where('id', '=', ROW)
    .returning('results_generation')
    .executeTakeFirstOrThrow();
  return row.results_generation;
}

/** A processing ends: its counts are kept; it is current only if nothing changed since it began. Answers whether it is. */
export async function finishProcessing(db: Kysely<Database>, generation: number, summary: string): Promise<boolean> {
  const current = await db
    .updateTable('exams')
    .set({ results_processed_at: now(), results_processed_generation: generation, results_summary: summary })
    .where('id', '=', ROW)
    .where('results_generation', '=', generation)
    .executeTakeFirst();
  if (Number(current.numUpdatedRows) > 0) return true;
  await db.updateTable('exams').set({ results_summary: summary }).where('id', '=', ROW).execute();
  return false;
}

/** Makes `version` the published snapshot, only if the processed result is still current; answers whether it did. */
export async function switchPublished(db: Kysely<Database>, version: number, meritListFiles: string): Promise<boolean> {
  const switched = await db
    .updateTable('exams')
    .set({ results_version: version, results_published_at: now(), merit_list_files: meritListFiles })
    .where('id', '=', ROW)
    .where('results_processed_generation', 'is not', null)
    .whereRef('results_processed_generation', '=', 'results_generation')
    .executeTakeFirst();
  return Number(switched.numUpdatedRows) > 0;
}

export async function withdrawPublished(trx: Transaction<Database>): Promise<void> {
  await trx.updateTable('exams').set({ results_version: 0, results_published_at: null }).where('id', '=', ROW).execute();
}
