/**
 * The registration import's calls: the template download, and the upload of a sheet as
 * a dry run, a real import or a request for the refused rows' .xlsx (with upload progress, api/postForm.ts).
 */
import type { RegistrationImportReport } from '../../../../common/schemas/imports';
import { ApiError, apiFetch, errorOf } from '../../../api/client';
import { answerError, envelopeOf, type FormAnswer, postForm } from '../../../api/postForm';
import { saveBlob } from '../../../components/export/exportData';
import { filenameFromDisposition } from '../../../components/export/fileName';

export const IMPORT_PATH = '/v1/scholarship-registrations/import';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportRequest = {
  file: File;
  dryRun: boolean;
  /** An admin's choice; an institute imports into itself. */
  instituteId?: string;
  /** The answer is the .xlsx of the refused rows instead of the report (nothing is written). */
  failedRows?: boolean;
  onProgress?: (loaded: number, total: number) => void;
  /** Called once the whole file has been sent (the server is checking rows). */
  onUploaded?: () => void;
  signal?: AbortSignal;
};

function send({ file, dryRun, instituteId, failedRows, onProgress, onUploaded, signal }: ImportRequest): Promise<FormAnswer> {
  const form = new FormData();
  // Text fields before the file: the server reads them before it streams the file.
  form.append('dry_run', dryRun ? '1' : '0');
  if (instituteId) form.append('institute_id', instituteId);
  if (failedRows) form.append('failed_rows', '1');
  form.append('file', file, file.name);
  const accept = failedRows ? `${XLSX_TYPE}, application/json` : 'application/json';
  return postForm(`/api${IMPORT_PATH}`, form, { accept, onProgress, onUploaded, signal, size: file.size });
}

/** A dry run (nothing written) or a real import; throws ApiError (a 422's field messages in `fieldErrors`). */
export async function importSheet(request: Omit<ImportRequest, 'failedRows'>): Promise<{ message: string; report: RegistrationImportReport }> {
  const answer = await send(request);
  if (answer.status < 200 || answer.status >= 300) throw await answerError(answer);
  const payload = await envelopeOf<RegistrationImportReport>(answer);
  if (!payload?.data) throw new ApiError(answer.status, '', null);
  return { message: payload.message ?? '', report: payload.data };
}

/** The refused rows as .xlsx (original cells, an error column, bad cells highlighted), saved as a download. */
export async function downloadFailedRows(request: Omit<ImportRequest, 'failedRows' | 'dryRun'>, fallbackName: string): Promise<void> {
  const answer = await send({ ...request, dryRun: true, failedRows: true });
  if (answer.status < 200 || answer.status >= 300) throw await answerError(answer);
  saveBlob(answer.blob, filenameFromDisposition(answer.disposition) ?? fallbackName);
}

/** The empty sheet to fill (an admin's has the institute id column), saved as a download. */
export async function downloadTemplate(fallbackName: string): Promise<void> {
  const response = await apiFetch(`${IMPORT_PATH}/template`, { method: 'GET', accept: `${XLSX_TYPE}, application/json` });
  if (!response.ok) throw await errorOf(response);
  saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
}
