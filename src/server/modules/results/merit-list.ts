/**
 * The merit list (docs/integrators/results.md): a class's scholarship holders in merit order, as the exam's public
 * notice. Read a page at a time for the site, and whole (in batches) for its PDF, made at publication.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { CLASS_CODES } from '../../../common/constants.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { meritListParts } from './pdf/merit-list.js';
import { type MeritRow, resultExam } from './result-documents.js';

const BATCH = 1000;

function holders(db: Kysely<Database>, klass: string) {
  return db
    .selectFrom('results as x')
    .innerJoin('scholarship_registrations as r', 'r.id', 'x.registration_id')
    .leftJoin('users as u', 'u.id', 'x.institute_id')
    .select(['x.position', 'x.roll_no', 'r.name_english', 'r.name_bangla', 'u.institute_name', 'u.institute_name_english', 'x.total', 'x.grade'])
    .where('x.class', '=', klass)
    .where('x.grade', 'is not', null);
}

const meritRow = (
  row: { institute_name: string | null; institute_name_english: string | null; total: number } & Omit<MeritRow, 'institute_name'>,
): MeritRow => ({
  position: Number(row.position),
  roll_no: row.roll_no,
  name_english: row.name_english,
  name_bangla: row.name_bangla,
  institute_name: row.institute_name ?? row.institute_name_english,
  total: Number(row.total),
  grade: row.grade,
});

/** One page of a class's holders, and how many there are. */
export async function meritListPage(db: Kysely<Database>, klass: string, page: number, perPage: number): Promise<{ rows: MeritRow[]; total: number }> {
  const counted = await db
    .selectFrom('results')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('class', '=', klass)
    .where('grade', 'is not', null)
    .executeTakeFirstOrThrow();
  const rows = await holders(db, klass)
    .orderBy('x.position')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return { rows: rows.map(meritRow), total: Number(counted.n) };
}

/** The rolls of a class whose results are withheld, in roll order: they have no merit position. */
export async function withheldRolls(db: Kysely<Database>, klass: string): Promise<string[]> {
  const rows = await db.selectFrom('results').select('roll_no').where('class', '=', klass).where('state', '=', 'withheld').orderBy('roll_no').execute();
  return rows.map((row) => row.roll_no);
}

/** Every holder of a class in merit order, a batch at a time (by position, so each batch is a seek). */
async function* allHolders(db: Kysely<Database>, klass: string): AsyncGenerator<MeritRow> {
  let after = 0;
  for (;;) {
    const rows = await holders(db, klass).where('x.position', '>', after).orderBy('x.position').limit(BATCH).execute();
    for (const row of rows) yield meritRow(row);
    if (rows.length < BATCH) return;
    after = Number(rows.at(-1)!.position);
  }
}

/**
 * Prints each class's merit list and stores it under the snapshot's version: answers {class: key}.
 * Without Chromium the result is still published, without the PDFs (the site then lists no PDF).
 */
export async function storeMeritLists(app: FastifyInstance, version: number): Promise<Record<string, string>> {
  const exam = await resultExam(app);
  const files: Record<string, string> = {};
  for (const klass of CLASS_CODES) {
    try {
      const file = await app.pdf.render(meritListParts(exam, klass, allHolders(app.db, klass), undefined, undefined, await withheldRolls(app.db, klass)));
      const key = `documents/merit-list-${klass}-v${version}.pdf`;
      await app.storage.putStream(key, file.stream(), file.bytes, 'application/pdf');
      files[klass] = key;
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 503)) throw error;
      app.log.warn({ err: error, class: klass }, 'merit list PDF not made: Chromium unavailable');
    }
  }
  return files;
}
