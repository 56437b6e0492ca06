/**
 * Marks (README: Marks), for admins and examiners:
 * GET  /api/v1/marks/subjects           each class's subjects with full marks, and whether the result is published;
 * GET  /api/v1/marks/student?roll_no=   a candidate's names, class, institute and marks so far;
 * POST /api/v1/marks                    one mark `{roll_no, subject_id, marks | absent}`;
 * GET  /api/v1/marks?subject_id=        the marks entered for a subject, newest first, paged;
 * GET  /api/v1/marks/import/template?class=  the class's sheet;
 * POST /api/v1/marks/import             multipart `file`, `class`, `dry_run` 1|0, `failed_rows` 1, `confirm_changes` n: storing
 *                                       a sheet that replaces n marks already entered needs n (marks.import.ts);
 * GET  /api/v1/marks/progress           per class and subject: entered, absent, missing and the first missing rolls.
 */
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLASS_CODES, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../common/constants.js';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { paginatedOf } from '../../../common/schemas/list.js';
import { MarkBody, rollNumber } from '../../../common/schemas/results.js';
import { optionalInt, requiredChoice, requiredId } from '../../../common/validation.js';
import { clientOf } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { pageUrlOf, paginate } from '../../lib/resource/paginator.js';
import { importGate } from '../../lib/import/gate.js';
import { columnsOf, failedRowsWorkbook, translateErrors } from '../../lib/import/importer.js';
import { readSheet } from '../../lib/import/sheet.js';
import { importMarks, marksImport, marksTemplate } from './marks.import.js';
import { MISSING_ROLLS, marksProgress } from './marks-progress.js';
import { examSubjects, marksOf, resultsPublished, rollError, studentsByRoll, subjectError, writeMarks } from './marks.service.js';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

const SubjectRow = z.object({ id: z.number(), name_bn: z.string(), name_en: z.string(), full_marks: z.number() });
const SubjectsAnswer = envelope(z.object({ classes: z.array(z.object({ class: z.string(), subjects: z.array(SubjectRow) })), published: z.boolean() }));
const MarkOf = z.object({ subject_id: z.number(), marks: z.number().nullable(), absent: z.boolean() });
const StudentAnswer = envelope(
  z.object({
    registration_id: z.number(),
    roll_no: z.string(),
    name_english: z.string(),
    name_bangla: z.string().nullable(),
    class: z.string(),
    institute_name: z.string().nullable(),
    marks: z.array(MarkOf),
  }),
);
const SavedAnswer = envelope(
  MarkOf.extend({ roll_no: z.string(), name_english: z.string(), name_bangla: z.string().nullable(), class: z.string(), updated_at: z.string() }),
);
const ListRow = z.object({ roll_no: z.string(), name_english: z.string(), marks: z.number().nullable(), absent: z.boolean(), updated_at: z.string() });
const ListAnswer = envelope(paginatedOf(ListRow));

const SubjectProgressRow = z.object({
  subject_id: z.number(),
  name_bn: z.string(),
  name_en: z.string(),
  entered: z.number(),
  absent: z.number(),
  missing: z.number(),
  withheld: z.number(),
  missing_rolls: z.array(z.string()),
});
const ProgressAnswer = envelope(
  z.object({
    classes: z.array(
      z.object({ class: z.string(), candidates: z.number(), missing_candidates: z.number(), withheld: z.number(), subjects: z.array(SubjectProgressRow) }),
    ),
    missing_rolls_listed: z.number(),
  }),
);

const ClassQuery = z.object({ class: requiredChoice(CLASS_CODES) });
const StudentQuery = z.object({ roll_no: rollNumber });
const ListQuery = z.object({ subject_id: requiredId(), page: optionalInt(1, 1_000_000), per_page: optionalInt(1, Math.max(...PAGE_SIZES)) });

/** A subject's list counts at most this many marks (its last page stays a short read): `total_capped` past it. */
const LIST_COUNT_CAP = 10_000;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A 20,000-row sheet of 20 subjects is about 3 MB as .xlsx and 5 MB as CSV. */
const MAX_FILE_BYTES = 10_000_000;

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
  app.removeContentTypeParser('multipart/form-data');
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 } });
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new ValidationError({ file: ['import_too_big'] });
    throw error;
  });
  const onRequest = requireRole('admin', 'examiner');
  const schema = { tags: ['marks'], security: [{ bearer: [] }] };

  app.get('/marks/import/template', { onRequest, schema }, async (request, reply) => {
    const { klass, subjects } = await subjectsOfClass(app, (request.query as { class?: unknown }).class);
    return sendFile(reply, `marks-template-${klass}.xlsx`, await marksTemplate(subjects));
  });

  const gate = importGate(app);
  app.post(
    '/marks/import',
    { onRequest: [onRequest, gate.limit], schema },
    gate.slotted(async (request, reply) => {
      const lang = requestLang(request);
      const fields = (request.body ?? {}) as { file?: unknown; class?: unknown; dry_run?: unknown; failed_rows?: unknown; confirm_changes?: unknown };
      const { klass, subjects } = await subjectsOfClass(app, fields.class);
      if (!Buffer.isBuffer(fields.file) || fields.file.length === 0) throw new ValidationError({ file: ['import_file_required'] });
      if (await resultsPublished(app.db)) throw new HttpError(409, 'results_published');
      const dryRun = fields.dry_run !== '0' || fields.failed_rows === '1';
      const sheet = await readSheet(fields.file, undefined, columnsOf(marksImport(subjects)));
      const confirmed = typeof fields.confirm_changes === 'string' && /^\d{1,7}$/.test(fields.confirm_changes) ? Number(fields.confirm_changes) : 0;
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

/** A roll that may get marks, or the 422 on `roll_no`. */
async function candidate(app: FastifyInstance, roll: string) {
  const student = (await studentsByRoll(app.db, [roll])).get(roll);
  const error = rollError(student);
  if (error) throw new ValidationError({ roll_no: [error] });
  return student!;
}

export async function marksRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireRole('admin', 'examiner');
  const schema = { tags: ['marks'], security: [{ bearer: [] }] };

  api.get('/marks/subjects', { onRequest, schema: { ...schema, response: { 200: SubjectsAnswer, ...errors } } }, async (request) => {
    const [subjects, published] = await Promise.all([examSubjects(app.db), resultsPublished(app.db)]);
    const classes = CLASS_CODES.map((klass) => ({
      class: klass,
      subjects: subjects.filter((s) => s.class === klass).map(({ id, name_bn, name_en, full_marks }) => ({ id, name_bn, name_en, full_marks })),
    }));
    return { message: translate(requestLang(request), 'ok'), data: { classes, published } };
  });

  api.get('/marks/student', { onRequest, schema: { ...schema, querystring: StudentQuery, response: { 200: StudentAnswer, ...errors } } }, async (request) => {
    const { examinee: _examinee, ...student } = await candidate(app, request.query.roll_no);
    const marks = await marksOf(app.db, student.registration_id);
    return {
      message: translate(requestLang(request), 'ok'),
      data: { ...student, marks: marks.map((m) => ({ subject_id: m.subject_id, marks: m.marks, absent: m.absent === 1 })) },
    };
  });

  api.post('/marks', { onRequest, schema: { ...schema, body: MarkBody, response: { 200: SavedAnswer, ...errors } } }, async (request) => {
    const body = request.body;
    if (await resultsPublished(app.db)) throw new HttpError(409, 'results_published');
    const student = await candidate(app, body.roll_no);
    const subject = (await examSubjects(app.db)).find((s) => s.id === body.subject_id);
    const error = subjectError(subject, student, body);
    if (error) throw new ValidationError({ [error.field]: [error.key] }, error.params);
    const entry = { registration_id: student.registration_id, subject_id: body.subject_id, marks: body.marks, absent: body.absent };
    const caller = { user: request.user!, client: clientOf(request) };
    await app.db.transaction().execute((trx) => writeMarks(trx, caller, [entry]));
    const saved = await app.db
      .selectFrom('marks')
      .select('updated_at')
      .where('registration_id', '=', entry.registration_id)
      .where('subject_id', '=', entry.subject_id)
      .executeTakeFirstOrThrow();
    return {
      message: translate(requestLang(request), 'marks_saved'),
      data: {
        roll_no: student.roll_no,
        subject_id: entry.subject_id,
        marks: entry.marks,
        absent: entry.absent,
        name_english: student.name_english,
        name_bangla: student.name_bangla,
        class: student.class,
        updated_at: saved.updated_at,
      },
    };
  });

  api.get('/marks', { onRequest, schema: { ...schema, querystring: ListQuery, response: { 200: ListAnswer, ...errors } } }, async (request) => {
    const { subject_id: subjectId } = request.query;
    const perPage = request.query.per_page ?? DEFAULT_PAGE_SIZE;
    // Counted through the (subject_id, updated_at) index, and no further than the cap.
    const counted = app.db
      .selectFrom('marks')
      .select('registration_id')
      .where('subject_id', '=', subjectId)
      .limit(LIST_COUNT_CAP + 1)
      .as('counted');
    const { n } = await app.db
      .selectFrom(counted)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const capped = Number(n) > LIST_COUNT_CAP;
    const total = Math.min(Number(n), LIST_COUNT_CAP);
    const page = Math.min(request.query.page ?? 1, Math.max(1, Math.ceil(total / perPage)));
    const rows = await app.db
      .selectFrom('marks as m')
      .innerJoin('scholarship_registrations as r', 'r.id', 'm.registration_id')
      .select(['r.roll_no', 'r.name_english', 'm.marks', 'm.absent', 'm.updated_at'])
      .where('m.subject_id', '=', subjectId)
      .orderBy('m.updated_at', 'desc')
      .orderBy('m.registration_id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute();
    const data = rows.map((row) => ({ ...row, absent: row.absent === 1 }));
    return { message: translate(requestLang(request), 'ok'), data: paginate(data, total, page, perPage, pageUrlOf(request.url), capped) };
  });

  api.get('/marks/progress', { onRequest, schema: { ...schema, response: { 200: ProgressAnswer, ...errors } } }, async (request) => ({
    message: translate(requestLang(request), 'ok'),
    data: { classes: await marksProgress(app.db, app.readPool), missing_rolls_listed: MISSING_ROLLS },
  }));

  await app.register(marksImportRoutes);
}
