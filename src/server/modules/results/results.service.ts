/** The result's state and rules for the admin (docs/integrators/results.md): what the screen shows and what it changes. */
import type { Compilable, Kysely } from 'kysely';
import { firstColumnOf } from '../../db/off-loop-reads.js';
import type { ReadPool } from '../../db/read-pool.js';
import { ClassCode } from '../../../common/schemas/exam.js';
import type { MeritPage, ResultRule, ResultRuleBody, ResultsView } from '../../../common/schemas/results.js';
import type { Db } from '../../db/handles.js';
import type { Database } from '../../db/types.js';
import { type AuditActor, type AuditClient, recordAudit, recordAudits } from '../../lib/audit.js';
import type { SessionUser } from '../../lib/authenticate.js';
import { forbidden, HttpError, notFound, ValidationError } from '../../lib/errors.js';
import { now } from '../../lib/time.js';
import { jobView } from '../../lib/jobs/jobs.js';
import type { TransactionContext } from '../../lib/resource/definition.js';
import { withdrawAwards } from '../scholarships/index.js';
import { invalidateResults, isCurrent, lockSeason, readSeason, withdrawPublished } from '../season/index.js';
import { instituteHeading } from './institute-results.js';
import {
  anyResult,
  deleteWithholdings,
  incompleteResults,
  meritRows,
  newestJob,
  parseSummary,
  readRuleRows,
  releasedWithholdings,
  updateRule,
  withhold,
} from './results.repository.js';

export async function readRules(db: Db): Promise<ResultRule[]> {
  const rows = await readRuleRows(db);
  return rows.map(({ class: klass, pass_marks, kind, scope, talent_pool, general }) => ({
    class: ClassCode.parse(klass),
    pass_marks,
    kind,
    scope,
    talent_pool,
    general,
  }));
}

/** The newest job of a kind, as its screen shows it. */
async function latestJob(db: Db, kind: string) {
  const job = await newestJob(db, kind);
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

export async function readResults(db: Kysely<Database>, readPool: ReadPool | undefined, kinds: { process: string; publish: string }): Promise<ResultsView> {
  const exam = await readSeason(db);
  const summary = parseSummary(exam.results_summary);
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

/** Rules and processing wait until a published result is withdrawn. */
export async function refuseOncePublished(db: Kysely<Database>): Promise<void> {
  if ((await readSeason(db)).results_version > 0) throw new HttpError(409, 'results_published');
}

export async function saveRules(ctx: TransactionContext, rules: ResultRuleBody[]): Promise<void> {
  const before = await readRules(ctx.trx);
  for (const rule of rules) {
    const { class: klass, ...values } = rule;
    await updateRule(ctx.trx, klass, values);
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
  const incomplete = await incompleteResults(ctx.trx);
  if (incomplete.length === 0) return 0;
  await withhold(
    ctx.trx,
    incomplete.map((row) => row.registration_id),
    reason,
    ctx.user.id,
    now(),
  );
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
    const released = await releasedWithholdings(trx);
    if (released.length === 0) return 0;
    await deleteWithholdings(
      trx,
      released.map((row) => row.registration_id),
    );
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

/** Unpublishes: the lookup answers nothing from now on (the snapshot is replaced at the next publication) and the awards are withdrawn. */
export async function withdrawResults(ctx: TransactionContext): Promise<void> {
  const exam = await lockSeason(ctx.trx);
  if (exam.results_version === 0) return;
  await withdrawPublished(ctx.trx);
  await withdrawAwards(ctx.trx);
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
export async function meritPage(db: Db, klass: ClassCode, page: number, perPage: number): Promise<MeritPage> {
  const exam = await readSeason(db);
  const counts = parseSummary(exam.results_summary)?.classes.find((c) => c.class === klass);
  const total = counts ? counts.students - counts.absent - counts.incomplete - counts.withheld : 0;
  const rows = await meritRows(db, klass, (page - 1) * perPage, perPage);
  return {
    class: klass,
    total,
    page,
    per_page: perPage,
    rows: rows.map(({ institute_name_english, ...row }) => ({
      ...row,
      total: Number(row.total),
      institute_name: row.institute_name ?? institute_name_english,
    })),
  };
}

/**
 * Whose results the caller may read, or why not: an institute its own, once published; an admin any
 * institute it names, once processed (a mark changed since processing clears processed_at, yet the
 * processed results stay readable).
 */
export async function instituteForResults(db: Kysely<Database>, user: SessionUser, asked: number | undefined) {
  const exam = await readSeason(db);
  const published = exam.results_version > 0;
  let id: number;
  if (user.role === 'institute') {
    if (asked !== undefined && asked !== user.id) throw forbidden();
    if (!published) throw new HttpError(409, 'results_not_published');
    id = user.id;
  } else {
    if (asked === undefined) throw new ValidationError({ institute_id: ['required'] });
    if (exam.results_processed_at === null && !(await anyResult(db))) throw new HttpError(409, 'results_not_processed');
    id = asked;
  }
  const institute = await instituteHeading(db, id);
  if (!institute) throw notFound();
  return { institute, published };
}
