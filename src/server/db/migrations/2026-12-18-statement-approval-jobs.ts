/**
 * "Approve all matched" runs as a job of the one job runner (lib/jobs): a statement names its approval's
 * job instead of keeping its own state, progress and heartbeat. A run that finished before keeps its
 * report as a finished job, so it is still not started again; a run that was going is left as failed.
 */
import { type Kysely, sql } from 'kysely';

const OLD_COLUMNS = ['approval_state', 'approval_total', 'approval_done', 'approval_approved', 'approval_skipped', 'approval_heartbeat'] as const;

type Run = {
  id: number;
  created_by: number | null;
  approval_state: string;
  approval_total: number;
  approval_done: number;
  approval_approved: number;
  approval_skipped: number;
  approval_heartbeat: string | null;
  updated_at: string;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payment_statements')
    .addColumn('approval_job_id', 'integer', (c) => c.references('jobs.id').onDelete('set null'))
    .execute();
  const runs = await sql<Run>`select id, created_by, approval_state, approval_total, approval_done, approval_approved, approval_skipped,
    approval_heartbeat, updated_at from payment_statements where approval_state != 'idle' and created_by is not null`.execute(db);
  for (const run of runs.rows) {
    const state = run.approval_state === 'done' ? 'done' : 'failed';
    const result = JSON.stringify({ approved: Number(run.approval_approved), skipped: Number(run.approval_skipped) });
    const at = run.approval_heartbeat ?? run.updated_at;
    const job = await sql<{ id: number }>`insert into jobs (kind, user_id, state, params, total, done, result, error, heartbeat, created_at, updated_at)
      values ('statement_approval', ${run.created_by}, ${state}, ${JSON.stringify({ statement_id: run.id })}, ${run.approval_total}, ${run.approval_done},
        ${result}, ${state === 'failed' ? 'server_error' : null}, ${at}, ${at}, ${at}) returning id`.execute(db);
    await sql`update payment_statements set approval_job_id = ${job.rows[0]!.id} where id = ${run.id}`.execute(db);
  }
  for (const column of OLD_COLUMNS) await db.schema.alterTable('payment_statements').dropColumn(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payment_statements')
    .addColumn('approval_state', 'text', (c) => c.notNull().defaultTo('idle'))
    .execute();
  for (const column of ['approval_total', 'approval_done', 'approval_approved', 'approval_skipped'])
    await db.schema
      .alterTable('payment_statements')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  await db.schema.alterTable('payment_statements').addColumn('approval_heartbeat', 'text').execute();
  await db.schema.alterTable('payment_statements').dropColumn('approval_job_id').execute();
}
