/**
 * Results day (architecture §9): marks per student and subject (a number, or absent), the admin's
 * grading rule per class, the processed result per student (total, merit position, state, grade), and
 * the published snapshot the public lookup reads: one row per student keyed by roll, holding the whole
 * answer, written under a new version and switched to at once, so a re-publication replaces it whole.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // Halves are exact in binary floating point, so totals of half marks compare exactly (ties stay ties).
  const real = pg ? 'double precision' : 'real';
  const withoutRowid = <T>(t: T) => (pg ? t : ((t as { modifyEnd: (s: unknown) => T }).modifyEnd(sql`without rowid`) as T));

  // No foreign keys, as with seats: a season's marks are millions of rows written in bulk; deleting a
  // registration deletes its marks and result (registrations.service).
  await db.schema
    .createTable('marks')
    .addColumn('registration_id', 'integer', (c) => c.notNull())
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('marks', real)
    .addColumn('absent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('marks_key', ['registration_id', 'subject_id'])
    .$call(withoutRowid)
    .execute();
  await db.schema.createIndex('marks_subject').on('marks').columns(['subject_id', 'updated_at']).execute();

  await db.schema
    .createTable('result_rules')
    .addColumn('class', 'text', (c) => c.primaryKey())
    // The least total that passes.
    .addColumn('pass_marks', real, (c) => c.notNull().defaultTo(0))
    // `cutoff`: a total at or above talent_pool / general earns that grade; `quota`: the top talent_pool,
    // then the next general, per class or per upazila.
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('quota'))
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo('class'))
    .addColumn('talent_pool', real, (c) => c.notNull().defaultTo(0))
    .addColumn('general', real, (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('result_rules' as never)
    .values([{ class: '04' }, { class: '07' }] as never)
    .execute();

  await db.schema
    .createTable('results')
    .addColumn('registration_id', 'integer', (c) => c.primaryKey())
    .addColumn('class', 'text', (c) => c.notNull())
    .addColumn('roll_no', 'text', (c) => c.notNull())
    .addColumn('institute_id', 'integer', (c) => c.notNull())
    .addColumn('zilla_id', 'integer')
    .addColumn('upozilla_id', 'integer')
    .addColumn('total', real, (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    // pass, fail or absent (absent from every subject).
    .addColumn('state', 'text', (c) => c.notNull())
    // talent_pool, general or null.
    .addColumn('grade', 'text')
    .execute();
  await db.schema.createIndex('results_merit').on('results').columns(['class', 'position']).execute();
  // The merit list: a class's scholarship holders in merit order.
  await db.schema.createIndex('results_grade').on('results').columns(['class', 'grade', 'position']).execute();
  await db.schema.createIndex('results_institute').on('results').columns(['institute_id', 'class', 'position']).execute();

  await db.schema
    .createTable('result_snapshot')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('roll_no', 'text', (c) => c.notNull())
    .addColumn('reg_no', 'text', (c) => c.notNull())
    .addColumn('birth_certificate_no', 'text')
    // The whole answer as JSON: names, institute, marks per subject, total, position, grade.
    .addColumn('doc', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('result_snapshot_key', ['version', 'roll_no'])
    .$call(withoutRowid)
    .execute();

  // One column a statement: SQLite adds one at a time.
  const examColumns: [string, 'text' | 'integer', boolean][] = [
    ['results_processed_at', 'text', false],
    // Counts per class, grade, state and district, written by the processing for the preview and analytics.
    ['results_summary', 'text', false],
    // The snapshot version the public lookup reads; 0: not published.
    ['results_version', 'integer', true],
    ['results_published_at', 'text', false],
    // The merit lists' PDFs in storage, {class: key}, made at publication.
    ['merit_list_files', 'text', true],
  ];
  for (const [name, type, required] of examColumns)
    await db.schema
      .alterTable('exams')
      .addColumn(name, type, (c) => (required ? c.notNull().defaultTo(type === 'integer' ? 0 : '{}') : c))
      .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['results_processed_at', 'results_summary', 'results_version', 'results_published_at', 'merit_list_files'])
    await db.schema.alterTable('exams').dropColumn(column).execute();
  for (const table of ['result_snapshot', 'results', 'result_rules', 'marks']) await db.schema.dropTable(table).execute();
}
