/**
 * Statement reconciliation, for admins (docs/integrators/statements.md):
 * POST /api/v1/payment-statements            multipart `file` (.xlsx or .csv) and, for a new header row,
 *                                            `format_name`, `transaction_column`, `amount_column`, `date_column`;
 * GET  /api/v1/payment-statements/{id}       the counts of its lists and the approval job's progress;
 * GET  /api/v1/payment-statements/{id}/lines `list`, `page`, `paginate`: a page of one list;
 * POST /api/v1/payment-statements/{id}/approve starts "approve all matched" (202), watched through the GET.
 */
import type { FastifyInstance } from 'fastify';
import { translate } from '../../../common/messages.js';
import { MAX_STATEMENT_BYTES, STATEMENT_PAGE_SIZE, StatementLinesQuery, StatementUploadFields } from '../../../common/schemas/statements.js';
import { requiredId } from '../../../common/validation.js';
import { clientOf } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { HttpError, issueParams, notFound, ValidationError } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { pageUrlOf, paginate } from '../../lib/resource/paginator.js';
import { acceptFiles } from '../../lib/multipart.js';
import { startApproval } from './statement-approval.js';
import { linesPage, statementById } from './statements.repository.js';
import { receiveStatement, statementSummary } from './statements.service.js';

type UploadParts = Record<string, unknown> & { file?: { name?: string; data?: unknown } };

/** A 422 with each field's first message key, as the shared schemas give them. */
function parsed<T>(
  schema: {
    safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T {
  const result = schema.safeParse(value);
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

async function statementOf(app: FastifyInstance, rawId: unknown) {
  const id = requiredId().safeParse(rawId);
  const statement = id.success ? await statementById(app.db, id.data) : undefined;
  if (!statement) throw notFound();
  return statement;
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
  const jobs = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled(jobs);
  });
  const admin = { onRequest: requireRole('admin') };
  const schema = { tags: ['payment-statements'], security: [{ bearer: [] }] };

  app.post('/payment-statements', { ...admin, schema }, async (request) => {
    const parts = (request.body ?? {}) as UploadParts;
    const file = parts.file?.data;
    if (!Buffer.isBuffer(file) || file.length === 0) throw new ValidationError({ file: ['import_file_required'] });
    const fields = parsed(StatementUploadFields, parts);
    const answer = await receiveStatement(app.db, request.user!, { file, fileName: parts.file?.name || 'statement', fields });
    return { message: translate(requestLang(request), answer.format_needed ? 'ok' : 'stored'), data: answer };
  });

  app.get('/payment-statements/:id', { ...admin, schema }, async (request) => {
    const statement = await statementOf(app, (request.params as { id: string }).id);
    return { message: translate(requestLang(request), 'ok'), data: await statementSummary(app.db, statement.id) };
  });

  app.get('/payment-statements/:id/lines', { ...admin, schema }, async (request) => {
    const query = parsed(StatementLinesQuery, request.query);
    const statement = await statementOf(app, (request.params as { id: string }).id);
    if (statement.state === 'replaced') throw new HttpError(409, 'statement_replaced');
    const perPage = query.paginate ?? STATEMENT_PAGE_SIZE;
    const total = statement[query.list];
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const page = Math.min(query.page ?? 1, lastPage);
    const rows = await linesPage(app.db, statement.id, query.list, (page - 1) * perPage, perPage);
    return { message: translate(requestLang(request), 'ok'), data: paginate(rows, total, page, perPage, pageUrlOf(request.url)) };
  });

  app.post('/payment-statements/:id/approve', { ...admin, schema }, async (request, reply) => {
    const statement = await statementOf(app, (request.params as { id: string }).id);
    const { job } = await startApproval(app.db, { user: request.user!, client: clientOf(request) }, statement.id, request.log);
    jobs.add(job);
    void job.finally(() => jobs.delete(job));
    reply.status(202);
    return { message: translate(requestLang(request), 'ok'), data: await statementSummary(app.db, statement.id) };
  });
}
