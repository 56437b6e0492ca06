/**
 * GET  /api/v1/scholarship-registrations/import/template: the sheet to fill (an admin's has an institute column);
 * POST /api/v1/scholarship-registrations/import: multipart `file` (.xlsx or .csv), `dry_run` 1|0, an admin's
 * `institute_id`; `failed_rows=1` answers the refused rows as an .xlsx instead of the report.
 * docs/integrators/imports.md.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, FileAnswer, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { RegistrationImportAnswer, type RegistrationImportRow } from '../../../common/schemas/imports.js';
import { optionalId } from '../../../common/validation.js';
import { SHEET_MAX_BYTES } from '../../../common/schemas/media.js';
import { requireRole, type SessionUser } from '../../lib/authenticate.js';
import { clientOf } from '../../lib/audit.js';
import { ValidationError } from '../../lib/errors.js';
import { importGate } from '../../lib/import/gate.js';
import { type CheckedRow, checkRows, columnsOf, failedRowsWorkbook, matchHeaders, translateErrors } from '../../lib/import/importer.js';
import { readSheet } from '../../lib/import/sheet.js';
import { institutesAmong } from '../../lib/resource/routes.js';
import { requestLang } from '../../lib/language.js';
import { acceptFiles } from '../../lib/multipart.js';
import { duplicatesOf, registrationImport, registrationTemplate } from './registrations.import.js';
import { feeForNewRegistrations, type RegistrationInput, storeRegistrations } from './registrations.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type ImportFields = { file?: unknown; dry_run?: unknown; institute_id?: unknown; failed_rows?: unknown };

const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 422: ValidationErrorEnvelope, 429: ErrorEnvelope };

const sendFile = (reply: FastifyReply, name: string, body: Buffer) =>
  reply.header('content-type', XLSX).header('content-disposition', `attachment; filename="${name}"`).send(body);

/** The institute every row goes to: an institute's own; an admin's choice, or each row's own institute column. */
async function instituteOf(app: FastifyInstance, user: SessionUser, raw: unknown): Promise<number | undefined> {
  const parsed = optionalId().safeParse(raw);
  if (!parsed.success) throw new ValidationError({ institute_id: ['invalid_choice'] });
  // An institute imports only into itself, as its form stores only its own students.
  if (user.role === 'institute') {
    if (parsed.data !== undefined && parsed.data !== user.id) throw new ValidationError({ institute_id: ['not_your_institute'] });
    return user.id;
  }
  if (parsed.data === undefined) return undefined;
  if (!(await institutesAmong(app.db, [parsed.data])).has(parsed.data)) throw new ValidationError({ institute_id: ['invalid_choice'] });
  return parsed.data;
}

/** A row's student as the report names it: the English name, or the Bengali one when that is all the row has. */
const nameOf = (values: Record<string, unknown>) =>
  typeof values.name_english === 'string' ? values.name_english : typeof values.name_bangla === 'string' ? values.name_bangla : null;

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
    { onRequest: [requireRole('admin', 'institute'), gate.limit], schema: { ...schema, response: { 200: RegistrationImportAnswer, ...errors } } },
    gate.slotted(async (request, reply) => {
      const user = request.user!;
      const lang = requestLang(request);
      // Outside the season's window an institute's sheet is refused before it is read, dry run or not.
      await feeForNewRegistrations(app.db, { user, client: clientOf(request) });
      const fields = (request.body ?? {}) as ImportFields;
      if (!Buffer.isBuffer(fields.file) || fields.file.length === 0) throw new ValidationError({ file: ['import_file_required'] });
      const dryRun = fields.dry_run !== '0';
      const chosen = await instituteOf(app, user, fields.institute_id);
      const definition = registrationImport(user.role === 'admin' && chosen === undefined);
      const sheet = await readSheet(fields.file, undefined, columnsOf(definition));
      // An admin names the institute, for the whole sheet or in a column of it.
      if (user.role === 'admin' && chosen === undefined && !matchHeaders(definition, sheet.headers).has('institute_id')) {
        throw new ValidationError({ institute_id: ['institute_required'] });
      }
      const checked = await checkRows(definition, sheet);

      // Each row's institute: the one chosen, or (an admin's sheet) its own column, which must name an institute.
      const named =
        chosen === undefined
          ? await institutesAmong(app.db, [...new Set(checked.flatMap((row) => (row.input?.institute_id ? [row.input.institute_id] : [])))])
          : undefined;
      for (const row of checked) {
        if (!row.input) continue;
        if (chosen !== undefined) row.input = { ...row.input, institute_id: chosen };
        else if (!row.input.institute_id) {
          row.errors.institute_id = [{ key: 'institute_required' }];
          row.input = undefined;
        } else if (!named!.has(row.input.institute_id)) {
          row.errors.institute_id = [{ key: 'invalid_choice' }];
          row.input = undefined;
        }
      }

      // A student already there is a duplicate; a roll or birth number another student holds is the row's error.
      const candidates = checked.filter((row): row is CheckedRow<RegistrationInput> & { input: RegistrationInput } => row.input !== undefined);
      const clashes = await duplicatesOf(app.db, candidates);
      const duplicateField = new Map<number, string>();
      candidates.forEach((row, index) => {
        const clash = clashes.get(index);
        if (!clash) return;
        if ('duplicate' in clash) duplicateField.set(row.row, clash.duplicate);
        else {
          row.errors = { ...row.errors, ...clash.errors };
          (row as CheckedRow<RegistrationInput>).input = undefined;
        }
      });
      const refused = checked.filter((row) => !row.input);
      if (fields.failed_rows === '1') return sendFile(reply, 'registrations-refused.xlsx', await failedRowsWorkbook(definition, sheet, refused, lang));

      const fresh = candidates.filter((row) => row.input !== undefined && !duplicateField.has(row.row));
      const stored = dryRun
        ? []
        : await storeRegistrations(
            { user, client: clientOf(request), db: app.db },
            fresh.map((row) => row.input),
          );
      const rows = checked.map((row): RegistrationImportRow => {
        const duplicate = duplicateField.get(row.row);
        return {
          row: row.row,
          status: duplicate ? 'duplicate' : !row.input ? 'invalid' : dryRun ? 'valid' : 'stored',
          name: nameOf(row.values),
          errors: duplicate ? { [duplicate]: [translate(lang, 'import_duplicate')] } : translateErrors(lang, row.errors),
        };
      });
      return {
        message: translate(lang, dryRun ? 'ok' : 'stored'),
        data: { total: checked.length, valid: fresh.length, invalid: refused.length, duplicates: duplicateField.size, stored: stored.length, rows },
      };
    }),
  );
}
