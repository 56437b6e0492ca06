/**
 * SQLite: new registrations enter the name search index once per group commit, not from an insert
 * trigger. FTS5 writes its pending terms to disk as a new segment whenever a savepoint opens or is
 * released, and every grouped create runs in its own savepoint (group-commit.ts), so the trigger made a
 * segment per create (164 µs at the savepoint's release, and merges at commit, in the benchmark's profile).
 * indexNewRegistrations adds a group's rows after its savepoints, in the same transaction.
 * The update and delete triggers stay: those writes run outside group commit.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const INSERT_TRIGGER = 'registrations_search_insert';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql.raw(`drop trigger if exists ${INSERT_TRIGGER}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql
    .raw(
      `create trigger ${INSERT_TRIGGER} after insert on scholarship_registrations begin
    insert into registrations_search(rowid, full_name, name_bangla) values (new.id, new.full_name, new.name_bangla);
  end`,
    )
    .execute(db);
}
