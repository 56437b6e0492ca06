/**
 * Statement reconciliation, for admins (docs/integrators/statements.md):
 * POST /api/v1/payment-statements            multipart `file` (.xlsx or .csv) and, for a new header row,
 *                                            `format_name`, `transaction_column`, `amount_column`, `date_column`;
 * GET  /api/v1/payment-statements/{id}       the counts of its lists and the approval job's progress;
 * GET  /api/v1/payment-statements/{id}/lines `list`, `page`, `paginate`: a page of one list;
 * POST /api/v1/payment-statements/{id}/approve starts "approve all matched" (202): a job (lib/jobs), whose id the
 *                                            statement's `approval.job_id` gives for GET /api/v1/jobs/{id}.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import {
  MAX_STATEMENT_BYTES,
  StatementEnvelope,
  StatementLinesEnvelope,
  StatementLinesQuery,
  StatementUploadEnvelope,
  StatementUploadFields,
} from '../../../common/schemas/statements.js';
import { requiredId } from '../../../common/validation.js';
import { clientOf } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { issueParams, ValidationError } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { pageUrlOf } from '../../lib/resource/paginator.js';
import { acceptFiles } from '../../lib/multipart.js';
import { startApproval } from './statement-approval.js';
import { receiveStatement, statementLines, statementSummary } from './statements.service.js';

const StatementFile = z.object({ name: z.string(), data: z.instanceof(Buffer) });
/** The upload's parts: its file, kept with its name (see `onFile`), and the text fields `uploadFields` reads. */
const UploadParts = z
  .looseObject({
    file: z
      .unknown()
      .optional()
      .transform((value) => {
        const file = StatementFile.safeParse(value);
        return file.success && file.data.data.length > 0 ? file.data : undefined;
      }),
  })
  .prefault({});
type UploadParts = z.output<typeof UploadParts>;

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const Params = z.object({ id: requiredId() });

/** The upload's text fields, read from the multipart body: a 422 with each field's first message key, as the shared schemas give them. */
function uploadFields(parts: UploadParts): StatementUploadFields {
  const result = StatementUploadFields.safeParse(parts);
  if (result.success) return result.data;
  const fields: Record<string, never[]> = {};
  const params: Record<string, Record<string, unknown>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'file');
    (fields[field] ??= []).push(issue.message as never);
    params[field] = { ...params[field], ...issueParams(issue) };
  }
  throw new ValidationError(fields, {}, params);
}

export async function statementRoutes(app: FastifyInstance): Promise<void> {
  await acceptFiles(app, {
    // A header may be Bengali: 200 characters are up to 600 bytes.
    limits: { fileSize: MAX_STATEMENT_BYTES, files: 1, fields: 4, fieldSize: 1000, parts: 5 },
    tooLarge: () => new ValidationError({ file: ['statement_too_big'] }),
    // The file's name is kept with the statement, for the admin to recognise it.
    async onFile(part) {
      Object.assign(part, { value: { name: part.filename, data: await part.toBuffer() } });
    },
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = { onRequest: requireRole('admin') };
  const schema = { tags: ['payment-statements'], security: [{ bearer: [] }] };

  api.post(
    '/payment-statements',
    { ...admin, schema: { ...schema, body: UploadParts, response: { 200: StatementUploadEnvelope, ...errors } } },
    async (request) => {
      const parts = request.body;
      if (!parts.file) throw new ValidationError({ file: ['import_file_required'] });
      const fields = uploadFields(parts);
      const answer = await receiveStatement(app.db, request.user!, { file: parts.file.data, fileName: parts.file.name || 'statement', fields });
      return { message: translate(requestLang(request), answer.format_needed ? 'ok' : 'stored'), data: answer };
    },
  );

  api.get('/payment-statements/:id', { ...admin, schema: { ...schema, params: Params, response: { 200: StatementEnvelope, ...errors } } }, async (request) => {
    return { message: translate(requestLang(request), 'ok'), data: await statementSummary(app.db, request.params.id) };
  });

  api.get(
    '/payment-statements/:id/lines',
    { ...admin, schema: { ...schema, params: Params, querystring: StatementLinesQuery, response: { 200: StatementLinesEnvelope, ...errors } } },
    async (request) => {
      const lines = await statementLines(app.db, request.params.id, request.query, pageUrlOf(request.url));
      return { message: translate(requestLang(request), 'ok'), data: lines };
    },
  );

  api.post(
    '/payment-statements/:id/approve',
    { ...admin, schema: { ...schema, params: Params, response: { 202: StatementEnvelope, ...errors } } },
    async (request, reply) => {
      await startApproval(app, { user: request.user!, client: clientOf(request) }, request.params.id);
      reply.status(202);
      return { message: translate(requestLang(request), 'ok'), data: await statementSummary(app.db, request.params.id) };
    },
  );
}
