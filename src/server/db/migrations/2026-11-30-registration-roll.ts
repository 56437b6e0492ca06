/**
 * The duplicate rule of a registration (the form's and the import's: the same institute, class and
 * class roll) reads by these three columns on every create and edit; without an index that is a read
 * of all the institute's students.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('registrations_institute_roll').on('scholarship_registrations').columns(['institute_id', 'class', 'class_roll']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('registrations_institute_roll').execute();
}
