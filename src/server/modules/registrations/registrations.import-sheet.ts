/**
 * A registration sheet read, checked and (unless a dry run) stored (docs/integrators/imports.md): each row's
 * institute (an institute's own; an admin's choice, or each row's own column), a student already there
 * is a duplicate, a roll or birth number another student holds is the row's error.
 */
import type { Kysely } from 'kysely';
import type { Lang } from '../../../common/messages.js';
import { translate } from '../../../common/messages.js';
import type { RegistrationImportReport, RegistrationImportRow } from '../../../common/schemas/imports.js';
import { optionalId } from '../../../common/validation.js';
import type { Database } from '../../db/types.js';
import type { SessionUser } from '../../lib/authenticate.js';
import type { Caller } from '../../lib/resource/definition.js';
import { ValidationError } from '../../lib/errors.js';
import { type CheckedRow, checkRows, columnsOf, failedRowsWorkbook, matchHeaders, translateErrors } from '../../lib/import/importer.js';
import { readSheet } from '../../lib/import/sheet.js';
import { institutesAmong } from '../../lib/resource/routes.js';
import { duplicatesOf, registrationImport } from './registrations.import.js';
import { type RegistrationInput, storeRegistrations } from './registrations.service.js';

export type SheetRequest = { file: Buffer; dryRun: boolean; instituteId: unknown; failedRows: boolean; lang: Lang };

/** The institute every row goes to: an institute's own; an admin's choice, or each row's own institute column. */
async function instituteOf(db: Kysely<Database>, user: SessionUser, raw: unknown): Promise<number | undefined> {
  const parsed = optionalId().safeParse(raw);
  if (!parsed.success) throw new ValidationError({ institute_id: ['invalid_choice'] });
  // An institute imports only into itself, as its form stores only its own students.
  if (user.role === 'institute') {
    if (parsed.data !== undefined && parsed.data !== user.id) throw new ValidationError({ institute_id: ['not_your_institute'] });
    return user.id;
  }
  if (parsed.data === undefined) return undefined;
  if (!(await institutesAmong(db, [parsed.data])).has(parsed.data)) throw new ValidationError({ institute_id: ['invalid_choice'] });
  return parsed.data;
}

/** A row's student as the report names it: the English name, or the Bengali one when that is all the row has. */
const nameOf = (values: Record<string, unknown>) =>
  typeof values.name_english === 'string' ? values.name_english : typeof values.name_bangla === 'string' ? values.name_bangla : null;

/** The report, or with `failedRows` the refused rows' .xlsx (nothing stored). The season's window is checked before, on the request. */
export async function importRegistrationSheet(
  caller: Caller & { db: Kysely<Database> },
  { file, dryRun, instituteId, failedRows, lang }: SheetRequest,
): Promise<{ report: RegistrationImportReport } | { refused: Buffer }> {
  const { user, db } = caller;
  const chosen = await instituteOf(db, user, instituteId);
  const definition = registrationImport(user.role === 'admin' && chosen === undefined);
  const sheet = await readSheet(file, undefined, columnsOf(definition));
  // An admin names the institute, for the whole sheet or in a column of it.
  if (user.role === 'admin' && chosen === undefined && !matchHeaders(definition, sheet.headers).has('institute_id')) {
    throw new ValidationError({ institute_id: ['institute_required'] });
  }
  const checked = await checkRows(definition, sheet);

  // Each row's institute: the one chosen, or (an admin's sheet) its own column, which must name an institute.
  const named =
    chosen === undefined
      ? await institutesAmong(db, [...new Set(checked.flatMap((row) => (row.input?.institute_id ? [row.input.institute_id] : [])))])
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
  const clashes = await duplicatesOf(db, candidates);
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
  if (failedRows) return { refused: await failedRowsWorkbook(definition, sheet, refused, lang) };

  const fresh = candidates.filter((row) => row.input !== undefined && !duplicateField.has(row.row));
  const stored = dryRun
    ? []
    : await storeRegistrations(
        caller,
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
    report: { total: checked.length, valid: fresh.length, invalid: refused.length, duplicates: duplicateField.size, stored: stored.length, rows },
  };
}
