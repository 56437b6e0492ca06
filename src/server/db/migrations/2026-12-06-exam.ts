/**
 * Exam day (architecture §9): the exam (one row), each class's sitting, the subjects with full marks,
 * the centres with their rooms and the areas they serve, a seat per paid student, and the jobs that
 * long admin actions (allocation, big PDFs) report their progress through.
 */
import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = <T extends string>(t: CreateTableBuilder<T>) =>
    pg ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const at = new Date().toISOString();

  await db.schema
    .createTable('exams')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name_bn', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
    // How the allocation fills a room: classes mixed in roll order, or a room per class.
    .addColumn('seating', 'text', (c) => c.notNull().defaultTo('mixed'))
    .addColumn('admit_cards_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db
    .insertInto('exams' as never)
    .values({ id: 1, name_bn: 'বৃত্তি পরীক্ষা', name_en: 'Scholarship Examination', instructions: '', updated_at: at } as never)
    .execute();

  await db.schema
    .createTable('exam_sittings')
    .addColumn('class', 'text', (c) => c.primaryKey())
    .addColumn('date', 'text')
    .addColumn('reporting_time', 'text')
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .execute();
  await db
    .insertInto('exam_sittings' as never)
    .values([{ class: '04' }, { class: '07' }] as never)
    .execute();

  await db.schema
    .createTable('exam_subjects')
    .$call(serial)
    .addColumn('class', 'text', (c) => c.notNull())
    .addColumn('name_bn', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('full_marks', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_subjects_class').on('exam_subjects').columns(['class', 'position']).execute();

  await db.schema
    .createTable('exam_centres')
    .$call(serial)
    .addColumn('name_bn', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('division_id', 'integer')
    .addColumn('zilla_id', 'integer')
    .addColumn('upozilla_id', 'integer')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('contact_name', 'text', (c) => c.notNull())
    .addColumn('contact_mobile', 'text', (c) => c.notNull())
    // [{name, capacity}] in seating order; a seat keeps its room's position in this list.
    .addColumn('rooms', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .addColumn('seated', 'integer', (c) => c.notNull().defaultTo(0))
    // Upazila ids and institute (user) ids the centre serves, as JSON arrays.
    .addColumn('upazila_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('institute_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('creator', 'integer')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('exam_centres_status_id').on('exam_centres').columns(['status', 'id']).execute();
  await db.schema.createIndex('exam_centres_upazila').on('exam_centres').columns(['upozilla_id', 'id']).execute();

  // Keyed by the place, which the allocation fills in order, so a season's million seats are appended
  // rather than scattered; a seat is found by its student through the unique registration_id. No foreign
  // keys: checking each seat's student reads a scattered registration row, which tripled the time of a
  // season's allocation; deleting a registration deletes its seat (registrations.service) and a centre
  // with seats cannot be deleted.
  await db.schema
    .createTable('exam_seats')
    .addColumn('centre_id', 'integer', (c) => c.notNull())
    .addColumn('room_index', 'integer', (c) => c.notNull())
    .addColumn('seat', 'integer', (c) => c.notNull())
    .addColumn('registration_id', 'integer', (c) => c.notNull().unique())
    .addColumn('class', 'text', (c) => c.notNull())
    // The admit card's QR code opens /verify/{token}: the student's id and 128 random bits, so it is found
    // through registration_id without an index of random strings.
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('exam_seats_place', ['centre_id', 'room_index', 'seat'])
    .$call((t) => (pg ? t : t.modifyEnd(sql`without rowid`)))
    .execute();

  await db.schema
    .createTable('jobs')
    .$call(serial)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer')
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('file_key', 'text')
    .addColumn('file_name', 'text')
    // A running job's server writes this as it goes; a job whose heartbeat stopped died with its server.
    .addColumn('heartbeat', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_kind_state').on('jobs').columns(['kind', 'state', 'id']).execute();
  await db.schema.createIndex('jobs_user').on('jobs').columns(['user_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['jobs', 'exam_seats', 'exam_centres', 'exam_subjects', 'exam_sittings', 'exams']) await db.schema.dropTable(table).execute();
}
