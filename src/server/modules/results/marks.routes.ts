/**
 * Marks (docs/integrators/results.md), for admins and examiners:
 * GET  /api/v1/marks/subjects           each class's subjects with full marks, and whether the result is published;
 * GET  /api/v1/marks/student?roll_no=   a candidate's names, class, institute and marks so far;
 * POST /api/v1/marks                    one mark `{roll_no, subject_id, marks | absent}`;
 * GET  /api/v1/marks?subject_id=        the marks entered for a subject, newest first, paged;
 * GET  /api/v1/marks/import/template?class=  the class's sheet;
 * POST /api/v1/marks/import             multipart `file`, `class`, `dry_run` 1|0, `failed_rows` 1, `confirm_changes` n: storing
 *                                       a sheet that replaces n marks already entered needs n (marks.import.ts);
 * GET  /api/v1/marks/progress           per class and subject: entered, absent, missing and the first missing rolls.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLASS_CODES, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../common/constants.js';
import { translate } from '../../../common/messages.js';
import { answerEnvelope, ErrorEnvelope, FileAnswer, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { MarksImportAnswer } from '../../../common/schemas/imports.js';
import { MarkBody, MarkStudent, MarkSubjects, MarksPage, MarksProgress, rollNumber, SavedMark } from '../../../common/schemas/results.js';
import { optionalInt, requiredChoice, requiredId } from '../../../common/validation.js';
import { SHEET_MAX_BYTES } from '../../../common/schemas/media.js';
import { clientOf } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { pageUrlOf, paginate } from '../../lib/resource/paginator.js';
import { importGate } from '../../lib/import/gate.js';
import { columnsOf, failedRowsWorkbook, translateErrors } from '../../lib/import/importer.js';
import { readSheet } from '../../lib/import/sheet.js';
import { acceptFiles, FormFields } from '../../lib/multipart.js';
import { importMarks, marksImport, marksTemplate } from './marks.import.js';
import { MISSING_ROLLS, marksProgress } from './marks-progress.js';
import { examSubjects, markStudent, markSubjects, resultsPublished, saveMark, subjectMarks } from './marks.service.js';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };

const ClassQuery = z.object({ class: requiredChoice(CLASS_CODES) });
const StudentQuery = z.object({ roll_no: rollNumber });
/** The import's multipart fields; the class is checked before the file, as its sheet's columns depend on it. */
const ImportFields = z
  .object({ file: FormFields.file, class: z.unknown().optional(), dry_run: FormFields.text, failed_rows: FormFields.text, confirm_changes: FormFields.text })
  .prefault({});
const ListQuery = z.object({ subject_id: requiredId(), page: optionalInt(1, 1_000_000), per_page: optionalInt(1, Math.max(...PAGE_SIZES)) });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const sendFile = (reply: FastifyReply, name: string, body: Buffer) =>
  reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${name}"`).send(body);

/** A class's subjects; a class without any has no sheet (422 on `class`). */
async function subjectsOfClass(app: FastifyInstance, raw: unknown) {
  const parsed = ClassQuery.safeParse({ class: raw });
  if (!parsed.success) throw new ValidationError({ class: [parsed.error.issues[0]!.message as 'invalid_choice'] });
  const subjects = (await examSubjects(app.db)).filter((subject) => subject.class === parsed.data.class);
  if (subjects.length === 0) throw new ValidationError({ class: ['marks_no_subjects'] });
  return { klass: parsed.data.class, subjects };
}

/** The import's scope: it takes a file, so the multipart plugin in place of the app's form-data parser. */
async function marksImportRoutes(app: FastifyInstance): Promise<void> {
  await acceptFiles(app, {
    limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 },
    tooLarge: () => new ValidationError({ file: ['import_too_big'] }),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireRole('admin', 'examiner');
  const schema = { tags: ['marks'], security: [{ bearer: [] }] };

  api.get('/marks/import/template', { onRequest, schema: { ...schema, querystring: ClassQuery, response: { 200: FileAnswer } } }, async (request, reply) => {
    const { klass, subjects } = await subjectsOfClass(app, request.query.class);
    return sendFile(reply, `marks-template-${klass}.xlsx`, await marksTemplate(subjects));
  });

  const gate = importGate(app);
  // A dry run or a store answers the report; a request for the refused rows answers their sheet.
  api.post(
    '/marks/import',
    {
      onRequest: [onRequest, gate.limit],
      schema: { ...schema, body: ImportFields, response: { 200: z.union([MarksImportAnswer, FileAnswer]), ...errors } },
    },
    gate.slotted(async (request, reply) => {
      const lang = requestLang(request);
      const fields = request.body;
      const { klass, subjects } = await subjectsOfClass(app, fields.class);
      if (!fields.file) throw new ValidationError({ file: ['import_file_required'] });
      if (await resultsPublished(app.db)) throw new HttpError(409, 'results_published');
      const dryRun = fields.dry_run !== '0' || fields.failed_rows === '1';
      const sheet = await readSheet(fields.file, undefined, columnsOf(marksImport(subjects)));
      const confirmed = fields.confirm_changes !== undefined && /^\d{1,7}$/.test(fields.confirm_changes) ? Number(fields.confirm_changes) : 0;
      const { report, refused } = await importMarks(app.db, { user: request.user!, client: clientOf(request) }, klass, subjects, sheet, dryRun, confirmed);
      if (fields.failed_rows === '1')
        return sendFile(reply, `marks-refused-${klass}.xlsx`, await failedRowsWorkbook(marksImport(subjects), sheet, refused, lang));
      return {
        message: translate(lang, dryRun ? 'ok' : 'stored'),
        data: { ...report, rows: report.rows.map((row) => ({ ...row, errors: translateErrors(lang, row.errors) })) },
      };
    }),
  );
}

export async function marksRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireRole('admin', 'examiner');
  const schema = { tags: ['marks'], security: [{ bearer: [] }] };

  api.get('/marks/subjects', { onRequest, schema: { ...schema, response: { 200: answerEnvelope(MarkSubjects), ...errors } } }, async (request) => ({
    message: translate(requestLang(request), 'ok'),
    data: await markSubjects(app.db),
  }));

  api.get(
    '/marks/student',
    { onRequest, schema: { ...schema, querystring: StudentQuery, response: { 200: answerEnvelope(MarkStudent), ...errors } } },
    async (request) => ({ message: translate(requestLang(request), 'ok'), data: await markStudent(app.db, request.query.roll_no) }),
  );

  api.post('/marks', { onRequest, schema: { ...schema, body: MarkBody, response: { 200: answerEnvelope(SavedMark), ...errors } } }, async (request) => ({
    message: translate(requestLang(request), 'marks_saved'),
    data: await saveMark(app.db, { user: request.user!, client: clientOf(request) }, request.body),
  }));

  api.get('/marks', { onRequest, schema: { ...schema, querystring: ListQuery, response: { 200: answerEnvelope(MarksPage), ...errors } } }, async (request) => {
    const perPage = request.query.per_page ?? DEFAULT_PAGE_SIZE;
    const { rows, total, page, capped } = await subjectMarks(app.db, request.query.subject_id, request.query.page ?? 1, perPage);
    return { message: translate(requestLang(request), 'ok'), data: paginate(rows, total, page, perPage, pageUrlOf(request.url), capped) };
  });

  api.get('/marks/progress', { onRequest, schema: { ...schema, response: { 200: answerEnvelope(MarksProgress), ...errors } } }, async (request) => ({
    message: translate(requestLang(request), 'ok'),
    data: { classes: await marksProgress(app.db, app.readPool), missing_rolls_listed: MISSING_ROLLS },
  }));

  await app.register(marksImportRoutes);
}
