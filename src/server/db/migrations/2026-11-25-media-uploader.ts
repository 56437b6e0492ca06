/**
 * The address an anonymous upload came from (the public register form's logo), so that only the same
 * address may delete it, and only within the hour.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').addColumn('uploader_ip', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media').dropColumn('uploader_ip').execute();
}
