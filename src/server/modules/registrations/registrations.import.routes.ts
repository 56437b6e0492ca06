/**
 * GET  /api/v1/scholarship-registrations/import/template: the sheet to fill (an admin's has an institute column);
 * POST /api/v1/scholarship-registrations/import: multipart `file` (.xlsx or .csv), `dry_run` 1|0, an admin's
 * `institute_id`; `failed_rows=1` answers the refused rows as an .xlsx instead of the report.
 * docs/integrators/imports.md.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, FileAnswer, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { RegistrationImportAnswer } from '../../../common/schemas/imports.js';
import { SHEET_MAX_BYTES } from '../../../common/schemas/media.js';
import { requireRole } from '../../lib/authenticate.js';
import { clientOf } from '../../lib/audit.js';
import { ValidationError } from '../../lib/errors.js';
import { importGate } from '../../lib/import/gate.js';
import { requestLang } from '../../lib/language.js';
import { acceptFiles, FormFields } from '../../lib/multipart.js';
import { importRegistrationSheet } from './registrations.import-sheet.js';
import { registrationTemplate } from './registrations.import.js';
import { feeForNewRegistrations } from './registrations.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The import's multipart fields; the institute is the service's to judge (an admin's names it, an institute's may not). */
const ImportFields = z
  .object({ file: FormFields.file, dry_run: FormFields.text, institute_id: z.unknown().optional(), failed_rows: FormFields.text })
  .prefault({});

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 422: ValidationErrorEnvelope, 429: ErrorEnvelope };

const sendFile = (reply: FastifyReply, name: string, body: Buffer) =>
  reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${name}"`).send(body);

export async function registrationImportRoutes(app: FastifyInstance): Promise<void> {
  await acceptFiles(app, {
    limits: { fileSize: SHEET_MAX_BYTES, files: 1, fields: 4, fieldSize: 100, parts: 5 },
    tooLarge: () => new ValidationError({ file: ['import_too_big'] }),
  });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const both = { onRequest: requireRole('admin', 'institute') };
  const schema = { tags: ['scholarship-registrations'], security: [{ bearer: [] }] };

  api.get(
    '/scholarship-registrations/import/template',
    { ...both, schema: { ...schema, response: { 200: FileAnswer, ...errors } } },
    async (request, reply) => {
      const admin = request.user!.role === 'admin';
      return sendFile(reply, admin ? 'registrations-template-admin.xlsx' : 'registrations-template.xlsx', await registrationTemplate(admin));
    },
  );

  const gate = importGate(app);
  api.post(
    '/scholarship-registrations/import',
    // The report; with `failed_rows=1` the refused rows' .xlsx instead, whose bytes no serialiser touches.
    {
      onRequest: [requireRole('admin', 'institute'), gate.limit],
      schema: { ...schema, body: ImportFields, response: { 200: RegistrationImportAnswer, ...errors } },
    },
    gate.slotted(async (request, reply) => {
      const lang = requestLang(request);
      const fields = request.body;
      const caller = { user: request.user!, client: clientOf(request), db: app.db };
      // Outside the season's window an institute's sheet is refused before it is read, dry run or not.
      await feeForNewRegistrations(app.db, caller);
      if (!fields.file) throw new ValidationError({ file: ['import_file_required'] });
      const dryRun = fields.dry_run !== '0';
      const answer = await importRegistrationSheet(caller, {
        file: fields.file,
        dryRun,
        instituteId: fields.institute_id,
        failedRows: fields.failed_rows === '1',
        lang,
      });
      if ('refused' in answer) return sendFile(reply, 'registrations-refused.xlsx', answer.refused);
      return { message: translate(lang, dryRun ? 'ok' : 'stored'), data: answer.report };
    }),
  );
}
