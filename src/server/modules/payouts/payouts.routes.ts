/**
 * Scholarships paid (docs/integrators/payouts.md):
 * GET  /api/v1/payouts/summary                 (admin) students and taka awarded and per state, what each layout would take, the window;
 * GET  /api/v1/payouts/winners?state=&page=    (admin: all, institute: its own) winners with their state and details, and the window;
 * POST /api/v1/payouts/details/{registration_id} (admin, institute) the winner's details; 409 outside the window or while locked;
 * GET  /api/v1/payout-batches                  (admin) the batches, newest first;
 * POST /api/v1/payout-batches `{layout}`       (admin) makes a batch of everyone ready for the layout; 409 when nobody is;
 * GET  /api/v1/payout-batches/{id}/file?format=xlsx|csv (admin) the batch in its layout, named by its reference;
 * POST /api/v1/payout-batches/{id}/result      (admin) multipart `file`, `dry_run` 1|0, `failed_rows` 1: the provider's result
 *                                              file (the report; with `failed_rows`, the refused rows' .xlsx).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { answerEnvelope, ErrorEnvelope, FileAnswer, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { PayoutResultAnswer } from '../../../common/schemas/imports.js';
import {
  MAX_PAYOUT_RESULT_BYTES,
  MAX_PAYOUT_RESULT_LINES,
  PayoutBatchAnswer,
  PayoutBatchBody,
  PayoutBatchesAnswer,
  PayoutDetailsBody,
  PayoutFileQuery,
  PayoutSummaryAnswer,
  PayoutWinner,
  PayoutWinnersAnswer,
  PayoutWinnersQuery,
} from '../../../common/schemas/payouts.js';
import { requiredId } from '../../../common/validation.js';
import { clientOf } from '../../lib/audit.js';
import { requireRole } from '../../lib/authenticate.js';
import { ValidationError } from '../../lib/errors.js';
import { importGate } from '../../lib/import/gate.js';
import { columnsOf, failedRowsWorkbook, translateErrors } from '../../lib/import/importer.js';
import { readSheet, type SheetLimits } from '../../lib/import/sheet.js';
import { requestLang } from '../../lib/language.js';
import { acceptFiles } from '../../lib/multipart.js';
import { pageUrlOf } from '../../lib/resource/paginator.js';
import { batchFile } from './payout-file.js';
import { importResult, payoutResultImport } from './payout-result.js';
import { makeBatch, payoutBatches, payoutSummary, saveWinnerDetails, winners } from './payouts.service.js';

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };
const BatchParams = z.object({ id: requiredId() });
const DetailsParams = z.object({ registration_id: requiredId() });
/** A provider's result holds a whole batch: a season's winners, more rows than a registration import takes. */
const RESULT_LIMITS: SheetLimits = { rows: MAX_PAYOUT_RESULT_LINES, tooManyRows: 'payout_result_too_many_rows', tooBig: 'payout_result_too_big' };
const CONTENT_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', csv: 'text/csv; charset=utf-8' };

/** The result import's scope: it takes a file, so the multipart plugin in place of the app's form-data parser. */
async function resultRoutes(app: FastifyInstance): Promise<void> {
  await acceptFiles(app, {
    limits: { fileSize: MAX_PAYOUT_RESULT_BYTES, files: 1, fields: 3, fieldSize: 100, parts: 4 },
    tooLarge: () => new ValidationError({ file: ['import_too_big'] }),
  });
  const gate = importGate(app);
  app.post(
    '/payout-batches/:id/result',
    {
      onRequest: [requireRole('admin'), gate.limit],
      schema: { tags: ['payouts'], security: [{ bearer: [] }], params: BatchParams, response: { 200: z.union([PayoutResultAnswer, FileAnswer]), ...errors } },
    },
    gate.slotted(async (request, reply) => {
      const lang = requestLang(request);
      const { id } = request.params as { id: number };
      const fields = (request.body ?? {}) as { file?: unknown; dry_run?: unknown; failed_rows?: unknown };
      if (!Buffer.isBuffer(fields.file) || fields.file.length === 0) throw new ValidationError({ file: ['import_file_required'] });
      const dryRun = fields.dry_run !== '0' || fields.failed_rows === '1';
      const sheet = await readSheet(fields.file, RESULT_LIMITS, columnsOf(payoutResultImport));
      const { report, refused } = await importResult(app.db, { user: request.user!, client: clientOf(request) }, id, sheet, dryRun);
      if (fields.failed_rows === '1')
        return reply
          .header('content-type', CONTENT_TYPES.xlsx)
          .header('content-disposition', `attachment; filename="payout-result-refused-${id}.xlsx"`)
          .send(await failedRowsWorkbook(payoutResultImport, sheet, refused, lang));
      return {
        message: translate(lang, dryRun ? 'ok' : 'stored'),
        data: { ...report, rows: report.rows.map((row) => ({ ...row, errors: translateErrors(lang, row.errors) })) },
      };
    }),
  );
}

export async function payoutRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireRole('admin');
  const both = requireRole('admin', 'institute');
  const schema = { tags: ['payouts'], security: [{ bearer: [] }] };
  const caller = (request: { user: unknown } & Parameters<typeof clientOf>[0]) => ({ user: request.user!, client: clientOf(request) });

  api.get('/payouts/summary', { onRequest: admin, schema: { ...schema, response: { 200: PayoutSummaryAnswer, ...errors } } }, async (request) => ({
    message: translate(requestLang(request), 'ok'),
    data: await payoutSummary(app.db),
  }));

  api.get(
    '/payouts/winners',
    { onRequest: both, schema: { ...schema, querystring: PayoutWinnersQuery, response: { 200: PayoutWinnersAnswer, ...errors } } },
    async (request) => ({
      message: translate(requestLang(request), 'ok'),
      data: await winners(app.db, caller(request), request.query, pageUrlOf(request.url)),
    }),
  );

  api.post(
    '/payouts/details/:registration_id',
    { onRequest: both, schema: { ...schema, params: DetailsParams, body: PayoutDetailsBody, response: { 200: answerEnvelope(PayoutWinner), ...errors } } },
    async (request) => ({
      message: translate(requestLang(request), 'payout_details_saved'),
      data: await saveWinnerDetails(app.db, caller(request), request.params.registration_id, request.body),
    }),
  );

  api.get('/payout-batches', { onRequest: admin, schema: { ...schema, response: { 200: PayoutBatchesAnswer, ...errors } } }, async (request) => ({
    message: translate(requestLang(request), 'ok'),
    data: await payoutBatches(app.db),
  }));

  api.post(
    '/payout-batches',
    { onRequest: admin, schema: { ...schema, body: PayoutBatchBody, response: { 200: PayoutBatchAnswer, ...errors } } },
    async (request) => ({
      message: translate(requestLang(request), 'payout_batch_made'),
      data: await makeBatch(app.db, caller(request), request.body.layout),
    }),
  );

  api.get(
    '/payout-batches/:id/file',
    { onRequest: admin, schema: { ...schema, params: BatchParams, querystring: PayoutFileQuery, response: { 200: FileAnswer, ...errors } } },
    async (request, reply) => {
      const format = request.query.format ?? 'xlsx';
      const { name, body } = await batchFile(app.db, request.params.id, format);
      return reply.header('content-type', CONTENT_TYPES[format]).header('content-disposition', `attachment; filename="${name}"`).send(body);
    },
  );

  await app.register(resultRoutes);
}
