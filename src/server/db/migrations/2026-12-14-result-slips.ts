/**
 * A published result's slip is printed once and kept in storage (docs/integrators/results.md): `slip_key` names the
 * stored PDF of a snapshot row, null until someone first asks for it. A new publication's rows start
 * without one, so the slip is printed again from the new result (and replaces the stored file).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('result_snapshot').addColumn('slip_key', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('result_snapshot').dropColumn('slip_key').execute();
}
