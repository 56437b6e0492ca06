/**
 * An institute's results (docs/integrators/documents.md; architecture §9):
 * GET  /api/v1/results/institute[?institute_id=]: counts per class and the students class by class in merit order
 *   (the absent last).
 * GET  /api/v1/results/institute/sheet.xlsx[?institute_id=]: the same as a workbook (counts sheet, students sheet).
 * POST /api/v1/results/institute/sheet[?institute_id=]: a job printing the institute's result sheet (202 `{job_id}`,
 *   then GET /api/v1/jobs/{id}/file).
 * An institute gets its own students only, only once the result is published (409 results_not_published);
 * an admin names any institute once the result is processed (409 results_not_processed).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, FileAnswer, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { InstituteResults } from '../../../common/schemas/results.js';
import { optionalId } from '../../../common/validation.js';
import { requireRole } from '../../lib/authenticate.js';
import { limitPdfJobs, startPdfJob } from '../../lib/jobs/pdf-jobs.js';
import { requestLang } from '../../lib/language.js';
import { classCounts, instituteResultRows } from './institute-results.js';
import { instituteWorkbook } from './institute-xlsx.js';
import { instituteSheetParts } from './pdf/institute-sheet.js';
import { resultExam } from './result-documents.js';
import { instituteForResults } from './results.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const Query = z.object({ institute_id: optionalId() });
const InstituteAnswer = z.object({ message: z.string(), data: InstituteResults });
const Started = z.object({ message: z.string(), data: z.object({ job_id: z.number() }) });

export async function instituteResultRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['results'], security: [{ bearer: [] }], querystring: Query };
  const onRequest = requireRole('admin', 'institute');
  const limitJobs = limitPdfJobs(app);

  const instituteOf = (request: FastifyRequest, asked: number | undefined) => instituteForResults(app.db, request.user!, asked);

  api.get('/results/institute', { onRequest, schema: { ...schema, response: { 200: InstituteAnswer, ...errors } } }, async (request) => {
    const { institute, published } = await instituteOf(request, request.query.institute_id);
    const rows = await instituteResultRows(app.db, institute.id);
    return { message: translate(requestLang(request), 'ok'), data: { institute, published, classes: classCounts(rows), rows } };
  });

  api.get('/results/institute/sheet.xlsx', { onRequest, schema: { ...schema, response: { 200: FileAnswer, ...errors } } }, async (request, reply) => {
    const { institute } = await instituteOf(request, request.query.institute_id);
    const rows = await instituteResultRows(app.db, institute.id);
    const body = await instituteWorkbook(institute, classCounts(rows), rows, requestLang(request));
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="result-sheet-${institute.uid}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(body);
  });

  api.post(
    '/results/institute/sheet',
    { onRequest: [onRequest, limitJobs], schema: { ...schema, response: { 202: Started, ...errors, 429: ErrorEnvelope } } },
    async (request, reply) => {
      const { institute } = await instituteOf(request, request.query.institute_id);
      const jobId = await startPdfJob(app, { kind: 'result-sheet', user: request.user!, params: { institute_id: institute.id } }, async (job) => {
        const rows = await instituteResultRows(app.db, institute.id);
        job.progress(0, rows.length);
        const file = await app.pdf.render(instituteSheetParts(await resultExam(app), institute, classCounts(rows), rows), (done) => job.progress(done));
        return {
          result: { students: rows.length, pages: file.pages },
          file: { name: `result-sheet-${institute.uid}.pdf`, type: 'application/pdf', size: file.bytes, stream: () => file.stream() },
        };
      });
      reply.status(202);
      return { message: translate(requestLang(request), 'document_started'), data: { job_id: jobId } };
    },
  );
}
