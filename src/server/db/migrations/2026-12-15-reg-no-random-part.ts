/**
 * A registration number ends in four random digits (docs/integrators/formats.md): the year and a counter alone
 * could be worked out from a roll number, both given in order, and the pair opens the student's result.
 * Numbers given before gain their random part here, and the published results' copies (the lookup's
 * pairs, the documents and the stored slips) follow, so every lookup takes the number a registration now has.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const random = postgres ? sql.raw(`lpad(floor(random() * 10000)::int::text, 4, '0')`) : sql.raw(`substr('000' || abs(random() % 10000), -4)`);
  // Nine digits are a number of the old form; a slug made from the old number follows it.
  const oldForm = postgres ? sql.raw(`reg_no ~ '^[0-9]{9}$'`) : sql.raw(`length(reg_no) = 9 and reg_no not glob '*[^0-9]*'`);
  await sql`update scholarship_registrations set reg_no = reg_no || ${random} where ${oldForm}`.execute(db);
  await sql`update scholarship_registrations set slug = reg_no where length(reg_no) = 13 and slug = substr(reg_no, 1, 9)`.execute(db);

  const current = sql`(select r.reg_no from scholarship_registrations r where r.roll_no = result_snapshot.roll_no)`;
  const doc = postgres ? sql`(doc::jsonb || jsonb_build_object('reg_no', ${current}))::text` : sql`json_set(doc, '$.reg_no', ${current})`;
  // A slip printed with the old number is printed again on its next request.
  await sql`update result_snapshot set doc = ${doc}, reg_no = ${current}, slip_key = null
    where exists (select 1 from scholarship_registrations r where r.roll_no = result_snapshot.roll_no and r.reg_no <> result_snapshot.reg_no)`.execute(db);
}

/** The random parts stay: the numbers given since may already be printed. */
export async function down(): Promise<void> {}
