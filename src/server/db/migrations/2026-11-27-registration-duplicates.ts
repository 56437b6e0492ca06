/**
 * The import's duplicate rule reads registrations by birth registration number across every
 * institute: without an index that is a scan of the season's rows.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('registrations_birth_certificate').on('scholarship_registrations').column('birth_certificate_no').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('registrations_birth_certificate').execute();
}
