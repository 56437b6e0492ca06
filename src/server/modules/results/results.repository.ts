/**
 * The results' SQL (a route calls its service, the service owns the rules, this file owns the queries):
 * grading rules, the processed results, withholdings and the newest job of a kind.
 */
import { MeritListFiles, ResultDocument, ResultSummary } from '../../../common/schemas/results.js';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/handles.js';
import { parseJsonColumn } from '../../db/json-column.js';
import type { Database } from '../../db/types.js';

/** Rows per statement of a batched write: far below either dialect's limit on bound values. */
const BATCH = 1000;

/** The exam's `results_summary` column, read through its schema. */
export const parseSummary = (text: string | null): ResultSummary | null => (text === null ? null : parseJsonColumn(ResultSummary, text));

/** A snapshot row's `doc`, read through its schema. */
export const parseResultDocument = (text: string): ResultDocument => parseJsonColumn(ResultDocument, text);

/** The exam's `merit_list_files` column, read through its schema. */
export const parseMeritFiles = (text: string): Record<string, string> => parseJsonColumn(MeritListFiles, text);

export const readRuleRows = (db: Db) => db.selectFrom('result_rules').selectAll().orderBy('class').execute();

export async function updateRule(
  trx: Transaction<Database>,
  klass: string,
  values: Omit<Awaited<ReturnType<typeof readRuleRows>>[number], 'class'>,
): Promise<void> {
  await trx.updateTable('result_rules').set(values).where('class', '=', klass).execute();
}

export const newestJob = (db: Db, kind: string) => db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id', 'desc').limit(1).executeTakeFirst();

/** Whether any processed result exists (it stays readable after a mark changes it). */
export async function anyResult(db: Db): Promise<boolean> {
  return (await db.selectFrom('results').select('registration_id').limit(1).executeTakeFirst()) !== undefined;
}

export const incompleteResults = (trx: Transaction<Database>) =>
  trx.selectFrom('results').select(['registration_id', 'roll_no']).where('state', '=', 'incomplete').execute();

/** Withholds these results with the admin's reason: a withholding already there takes the new reason. */
export async function withhold(trx: Transaction<Database>, registrationIds: readonly number[], reason: string, by: number, at: string): Promise<void> {
  for (let start = 0; start < registrationIds.length; start += BATCH)
    await trx
      .insertInto('result_withholdings')
      .values(registrationIds.slice(start, start + BATCH).map((registration_id) => ({ registration_id, reason, withheld_by: by, withheld_at: at })))
      .onConflict((oc) => oc.column('registration_id').doUpdateSet({ reason, withheld_by: by, withheld_at: at }))
      .execute();
  await trx.updateTable('results').set({ state: 'withheld' }).where('state', '=', 'incomplete').execute();
}

/** Withholdings whose candidate has a result of their own again, or is no longer a candidate. */
export const releasedWithholdings = (trx: Transaction<Database>) =>
  trx
    .selectFrom('result_withholdings as w')
    .leftJoin('results as x', 'x.registration_id', 'w.registration_id')
    .select(['w.registration_id', 'w.reason', 'x.roll_no', 'x.state'])
    .where((eb) => eb.or([eb('x.state', 'is', null), eb('x.state', '<>', 'withheld')]))
    .execute();

export async function deleteWithholdings(trx: Transaction<Database>, registrationIds: readonly number[]): Promise<void> {
  for (let start = 0; start < registrationIds.length; start += BATCH)
    await trx
      .deleteFrom('result_withholdings')
      .where('registration_id', 'in', registrationIds.slice(start, start + BATCH))
      .execute();
}

/** A page of a class's merit list by the (class, position) index. */
export const meritRows = (db: Db, klass: string, after: number, limit: number) =>
  db
    .selectFrom('results as x')
    .innerJoin('scholarship_registrations as r', 'r.id', 'x.registration_id')
    .leftJoin('users as u', 'u.id', 'x.institute_id')
    .select(['x.position', 'x.roll_no', 'r.name_english', 'r.name_bangla', 'u.institute_name', 'u.institute_name_english', 'x.total', 'x.state', 'x.grade'])
    .where('x.class', '=', klass)
    .where('x.position', '>', after)
    .orderBy('x.position')
    .limit(limit)
    .execute();

/** A registration's processed result goes with it (it has no foreign key: docs/integrators/results.md). */
export async function deleteResultsOf(trx: Transaction<Database>, registrationIds: readonly number[]): Promise<void> {
  if (registrationIds.length > 0) await trx.deleteFrom('results').where('registration_id', 'in', registrationIds).execute();
}
