/**
 * What an award letter carries (docs/integrators/documents.md), read from the live awards with the student's and the
 * institute's names: one student's, an institute's (in class and roll order), or every institute's in turn, an
 * institute at a time, so the season's letters are never held in memory at once.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, ResultGrade } from '../../db/types.js';
import type { ExamHeading } from '../../lib/pdf/document.js';
import { siteSettings } from '../site/index.js';
import { printedAwardCode } from './award-codes.js';

export type AwardLetter = {
  registration_id: number;
  grade: ResultGrade;
  amount: number;
  awarded_at: string;
  /** As printed: four groups of four. */
  code: string;
  /** The public verification page the QR code opens (absolute URL, `/verify/award/{code}`). */
  verify_url: string;
  student: {
    name_bn: string | null;
    name_en: string;
    father_bn: string | null;
    father_en: string;
    class: string;
    roll_no: string;
    reg_no: string;
  };
  institute: { name_bn: string | null; name_en: string | null };
};

/** An institute with its winners' letters, for the covering letter that goes before them. */
export type InstituteLetters = { institute: { uid: string; name_bn: string | null; name_en: string | null }; letters: AwardLetter[] };

export type LetterExam = ExamHeading & { site: string };

/** The heading of the letters: the exam's names, the organiser (the site name) and the site's address. */
export async function letterExam(app: FastifyInstance): Promise<LetterExam> {
  const exam = await app.db.selectFrom('exams').select(['name_bn', 'name_en']).where('id', '=', 1).executeTakeFirstOrThrow();
  const settings = await siteSettings(app.db);
  return { name_bn: exam.name_bn, name_en: exam.name_en, organiser: settings.site_name ?? '', site: app.config.appUrl.replace(/^https?:\/\//, '') };
}

const liveAwards = (db: Kysely<Database>) =>
  db
    .selectFrom('scholarship_awards as a')
    .innerJoin('scholarship_registrations as r', 'r.id', 'a.registration_id')
    .leftJoin('users as u', 'u.id', 'a.institute_id')
    .select([
      'a.registration_id',
      'a.institute_id',
      'a.grade',
      'a.amount',
      'a.awarded_at',
      'a.code',
      'a.class',
      'a.roll_no',
      'r.reg_no',
      'r.name_bangla',
      'r.name_english',
      'r.father_name_bangla',
      'r.father_name_english',
      'u.uid',
      'u.institute_name',
      'u.institute_name_english',
    ])
    .where('a.withdrawn_at', 'is', null);

type LetterRow = Awaited<ReturnType<ReturnType<typeof liveAwards>['execute']>>[number];

function letterOf(appUrl: string, row: LetterRow): AwardLetter {
  return {
    registration_id: row.registration_id,
    grade: row.grade,
    amount: row.amount,
    awarded_at: row.awarded_at,
    code: printedAwardCode(row.code),
    verify_url: `${appUrl}/verify/award/${row.code}`,
    student: {
      name_bn: row.name_bangla,
      name_en: row.name_english,
      father_bn: row.father_name_bangla,
      father_en: row.father_name_english,
      class: row.class,
      roll_no: row.roll_no,
      reg_no: row.reg_no,
    },
    institute: { name_bn: row.institute_name, name_en: row.institute_name_english },
  };
}

/** One student's letter, while the award is live; with the institute it belongs to, for the caller's check. */
export async function studentLetter(app: FastifyInstance, registrationId: number): Promise<{ institute_id: number; letter: AwardLetter } | undefined> {
  const row = await liveAwards(app.db).where('a.registration_id', '=', registrationId).executeTakeFirst();
  return row && { institute_id: row.institute_id, letter: letterOf(app.config.appUrl, row) };
}

/** An institute's letters in class and roll order (the (institute_id, class, roll_no) index); none when it has no live award. */
export async function instituteLetters(app: FastifyInstance, instituteId: number): Promise<InstituteLetters | undefined> {
  const rows = await liveAwards(app.db).where('a.institute_id', '=', instituteId).orderBy('a.class').orderBy('a.roll_no').execute();
  if (rows.length === 0) return undefined;
  const first = rows[0]!;
  return {
    institute: { uid: first.uid ?? '', name_bn: first.institute_name, name_en: first.institute_name_english },
    letters: rows.map((row) => letterOf(app.config.appUrl, row)),
  };
}

/** Every institute's letters, an institute at a time in id order. */
export async function* everyInstituteLetters(app: FastifyInstance): AsyncGenerator<InstituteLetters> {
  let after = 0;
  for (;;) {
    const next = await app.db
      .selectFrom('scholarship_awards')
      .select('institute_id')
      .where('withdrawn_at', 'is', null)
      .where('institute_id', '>', after)
      .orderBy('institute_id')
      .limit(1)
      .executeTakeFirst();
    if (!next) return;
    after = next.institute_id;
    const letters = await instituteLetters(app, after);
    if (letters) yield letters;
  }
}

/** Live awards in a scope: what a letters job will print. */
export async function countLiveAwards(db: Kysely<Database>, instituteId: number | undefined): Promise<number> {
  let query = db
    .selectFrom('scholarship_awards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('withdrawn_at', 'is', null);
  if (instituteId !== undefined) query = query.where('institute_id', '=', instituteId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
