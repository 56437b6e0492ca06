/**
 * What the result documents carry (docs/integrators/documents.md): the exam's heading with the site they are
 * printed from, a merit list's row, and an institute's result sheet. The slip prints a ResultDocument
 * (src/common/schemas/results.ts) as the published snapshot holds it.
 */
import type { FastifyInstance } from 'fastify';
import type { GradeCounts, ResultGrade, ResultState } from '../../../common/schemas/results.js';
import type { ExamHeading } from '../../lib/pdf/document.js';
import { siteSettings } from '../site/index.js';

export type ResultExam = ExamHeading & {
  /** Where the document was printed from: the site's address as people type it (`scholarship.example.org`). */
  site: string;
};

/** One line of a class's merit list, in merit order. */
export type MeritRow = {
  position: number;
  roll_no: string;
  name_english: string;
  name_bangla: string | null;
  institute_name: string | null;
  total: number;
  grade: ResultGrade | null;
};

/** One student of an institute's result sheet, in class and position order. */
export type InstituteResultRow = {
  registration_id: number;
  roll_no: string;
  name_english: string;
  name_bangla: string | null;
  class: string;
  total: number;
  position: number;
  state: ResultState;
  grade: ResultGrade | null;
};

/** `uid`: the institute's ID as it logs in with it, what people read; `id` is the row's, for queries only. */
export type InstituteHeading = { id: number; uid: string; name: string };
export type ClassCounts = { class: string } & GradeCounts;

/** The heading every result document prints: the exam's names, the organiser (the site name), the site's address. */
export async function resultExam(app: FastifyInstance): Promise<ResultExam> {
  const exam = await app.db.selectFrom('exams').select(['name_bn', 'name_en']).where('id', '=', 1).executeTakeFirstOrThrow();
  const settings = await siteSettings(app.db);
  return { name_bn: exam.name_bn, name_en: exam.name_en, organiser: settings.site_name ?? '', site: app.config.appUrl.replace(/^https?:\/\//, '') };
}
