/** The result's state and rules for the admin (README: Results): what the screen shows and what it changes. */
import type { Compilable, Kysely, Transaction } from 'kysely';
import { firstColumnOf } from '../../db/off-loop-reads.js';
import type { ReadPool } from '../../db/read-pool.js';
import { CLASS_CODES } from '../../../common/constants.js';
import type { ResultRuleBody, ResultSummary } from '../../../common/schemas/results.js';
import type { Database } from '../../db/types.js';
import { type AuditActor, type AuditClient, recordAudit, recordAudits } from '../../lib/audit.js';
import { now } from '../../lib/time.js';
import { jobView } from '../../lib/jobs/jobs.js';
import type { TransactionContext } from '../../lib/resource/definition.js';
import { invalidateResults, isCurrent, lockSeason, readSeason, withdrawPublished } from '../season/season.js';

type Db = Kysely<Database> | Transaction<Database>;

export async function readRules(db: Db) {
  const rows = await db.selectFrom('result_rules').selectAll().orderBy('class').execute();
  return rows.map(({ class: klass, pass_marks, kind, scope, talent_pool, general }) => ({ class: klass, pass_marks, kind, scope, talent_pool, general }));
}

/** The newest job of a kind, as its screen shows it. */
async function latestJob(db: Db, kind: string) {
  const job = await db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return job ? jobView(job) : null;
}

/**
 * Candidates (active, paid) and how many of them have a mark: counts over the season, read by the read
 * pool's worker on SQLite so the screen's visit never holds the event loop.
 */
async function markedCounts(db: Kysely<Database>, readPool: ReadPool | undefined) {
  const count = async (query: Compilable) => (await firstColumnOf(db, query, readPool))[0] ?? 0;
  const candidates = await count(
    db
      .selectFrom('scholarship_registrations')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 1)
      .where('fee_status', '=', 'paid'),
  );
  const marked = await count(
    db
      .selectFrom('scholarship_registrations as r')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('r.status', '=', 1)
      .where('r.fee_status', '=', 'paid')
      .where((eb) => eb.exists(eb.selectFrom('marks as m').select('m.subject_id').whereRef('m.registration_id', '=', 'r.id'))),
  );
  return { candidates, marked };
}

export async function readResults(db: Kysely<Database>, readPool: ReadPool | undefined, kinds: { process: string; publish: string }) {
  const exam = await readSeason(db);
  const summary = exam.results_summary === null ? null : (JSON.parse(exam.results_summary) as ResultSummary);
  return {
    rules: await readRules(db),
    // Stale (a mark, rule or subject changed since) reads as not processed: it must be processed again.
    processed_at: isCurrent(exam) ? exam.results_processed_at : null,
    published: exam.results_version > 0,
    published_at: exam.results_version > 0 ? exam.results_published_at : null,
    summary,
    ...(await markedCounts(db, readPool)),
    jobs: { process: await latestJob(db, kinds.process), publish: await latestJob(db, kinds.publish) },
  };
}

export async function saveRules(ctx: TransactionContext, rules: ResultRuleBody[]): Promise<void> {
  const before = await readRules(ctx.trx);
  for (const rule of rules) {
    const { class: klass, ...values } = rule;
    await ctx.trx.updateTable('result_rules').set(values).where('class', '=', klass).execute();
  }
  const after = await readRules(ctx.trx);
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  // The processed result followed the old rules: it must be processed again before it is published.
  await invalidateResults(ctx.trx);
  await recordAudit(ctx.trx, {
    actor: ctx.user,
    client: ctx.client,
    action: 'results.rules',
    entity: 'exam',
    entityId: 1,
    before: { rules: before },
    after: { rules: after },
  });
}

/**
 * Withholds the result of every candidate the processing left incomplete (a mark nobody entered), with
 * the admin's reason, each recorded on the student's history: they are published as withheld.
 */
export async function withholdIncomplete(ctx: TransactionContext, reason: string): Promise<number> {
  const incomplete = await ctx.trx.selectFrom('results').select(['registration_id', 'roll_no']).where('state', '=', 'incomplete').execute();
  if (incomplete.length === 0) return 0;
  const at = now();
  for (let start = 0; start < incomplete.length; start += 1000)
    await ctx.trx
      .insertInto('result_withholdings')
      .values(incomplete.slice(start, start + 1000).map((row) => ({ registration_id: row.registration_id, reason, withheld_by: ctx.user.id, withheld_at: at })))
      .onConflict((oc) => oc.column('registration_id').doUpdateSet({ reason, withheld_by: ctx.user.id, withheld_at: at }))
      .execute();
  await ctx.trx.updateTable('results').set({ state: 'withheld' }).where('state', '=', 'incomplete').execute();
  await recordAudits(
    ctx.trx,
    incomplete.map((row) => ({
      actor: ctx.user,
      client: ctx.client,
      action: 'results.withhold',
      entity: 'scholarship-registrations',
      entityId: row.registration_id,
      after: { roll_no: row.roll_no, reason },
    })),
  );
  return incomplete.length;
}

/**
 * After processing: a withheld candidate whose marks are now all in has a result of their own again
 * (or is no longer a candidate); the withholding ends, recorded on the student's history.
 */
export async function releaseWithholdings(db: Kysely<Database>, actor: AuditActor, client: AuditClient): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const released = await trx
      .selectFrom('result_withholdings as w')
      .leftJoin('results as x', 'x.registration_id', 'w.registration_id')
      .select(['w.registration_id', 'w.reason', 'x.roll_no', 'x.state'])
      .where((eb) => eb.or([eb('x.state', 'is', null), eb('x.state', '<>', 'withheld')]))
      .execute();
    if (released.length === 0) return 0;
    for (let start = 0; start < released.length; start += 1000)
      await trx
        .deleteFrom('result_withholdings')
        .where(
          'registration_id',
          'in',
          released.slice(start, start + 1000).map((row) => row.registration_id),
        )
        .execute();
    await recordAudits(
      trx,
      released.map((row) => ({
        actor,
        client,
        action: 'results.release',
        entity: 'scholarship-registrations',
        entityId: row.registration_id,
        before: { reason: row.reason },
        after: { roll_no: row.roll_no, state: row.state },
      })),
    );
    return released.length;
  });
}

/** Unpublishes: the lookup answers nothing from now on (the snapshot is replaced at the next publication). */
export async function withdrawResults(ctx: TransactionContext): Promise<void> {
  const exam = await lockSeason(ctx.trx);
  if (exam.results_version === 0) return;
  await withdrawPublished(ctx.trx);
  await recordAudit(ctx.trx, {
    actor: ctx.user,
    client: ctx.client,
    action: 'results.publish',
    entity: 'exam',
    entityId: 1,
    before: { version: exam.results_version },
    after: { version: 0 },
  });
}

/**
 * A class's present students in merit order, a page at a time. Positions run 1, 2, 3 … without gaps, so
 * page 5,000 is a seek on the (class, position) index like page 1; the count comes from the summary.
 */
export async function meritPage(db: Db, klass: (typeof CLASS_CODES)[number], page: number, perPage: number) {
  const exam = await readSeason(db);
  const counts = exam.results_summary === null ? undefined : (JSON.parse(exam.results_summary) as ResultSummary).classes.find((c) => c.class === klass);
  const total = counts ? counts.students - counts.absent - counts.incomplete - counts.withheld : 0;
  const rows = await db
    .selectFrom('results as x')
    .innerJoin('scholarship_registrations as r', 'r.id', 'x.registration_id')
    .leftJoin('users as u', 'u.id', 'x.institute_id')
    .select(['x.position', 'x.roll_no', 'r.name_english', 'r.name_bangla', 'u.institute_name', 'u.institute_name_english', 'x.total', 'x.state', 'x.grade'])
    .where('x.class', '=', klass)
    .where('x.position', '>', (page - 1) * perPage)
    .orderBy('x.position')
    .limit(perPage)
    .execute();
  return {
    class: klass,
    total,
    page,
    per_page: perPage,
    rows: rows.map((row) => ({ ...row, total: Number(row.total), institute_name: row.institute_name ?? row.institute_name_english })),
  };
}
