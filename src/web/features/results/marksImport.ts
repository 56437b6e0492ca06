/**
 * The marks import's calls (docs/integrators/results.md): a class's template, and a sheet sent as a dry run, a
 * real import or a request for the refused rows' .xlsx, through the upload with progress every sheet
 * import uses (api/postForm.ts). The report has the registration import's shape, a row named by its roll.
 */
import type { MarksImportReport } from '../../../common/schemas/imports';
import { ApiError, apiFetch, errorOf } from '../../api/client';
import { answerError, envelopeOf, postForm, type FormAnswer } from '../../api/postForm';
import { saveBlob } from '../../components/export/exportData';
import { filenameFromDisposition } from '../../components/export/fileName';

const IMPORT_PATH = '/v1/marks/import';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Request = {
  file: File;
  klass: string;
  dryRun: boolean;
  failedRows?: boolean;
  /** How many changed marks the examiner confirmed (the dry run's `changes`). */
  confirmChanges?: number;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

function send({ file, klass, dryRun, failedRows, confirmChanges, onProgress, signal }: Request): Promise<FormAnswer> {
  const form = new FormData();
  // Text fields before the file: the server reads them before it streams the file.
  form.append('class', klass);
  form.append('dry_run', dryRun ? '1' : '0');
  if (failedRows) form.append('failed_rows', '1');
  if (confirmChanges) form.append('confirm_changes', String(confirmChanges));
  form.append('file', file, file.name);
  return postForm(`/api${IMPORT_PATH}`, form, {
    accept: failedRows ? `${XLSX_TYPE}, application/json` : 'application/json',
    onProgress,
    signal,
    size: file.size,
  });
}

/** A dry run (nothing written) or the real import; throws ApiError (a 422's field messages in `fieldErrors`). */
export async function importMarks(request: Omit<Request, 'failedRows'>): Promise<MarksImportReport> {
  const answer = await send(request);
  if (answer.status < 200 || answer.status >= 300) throw await answerError(answer);
  const payload = await envelopeOf<MarksImportReport>(answer);
  if (!payload?.data) throw new ApiError(answer.status, '', null);
  return payload.data;
}

/** The refused rows as .xlsx, saved as a download. */
export async function downloadRefusedMarks(request: { file: File; klass: string }, fallbackName: string): Promise<void> {
  const answer = await send({ ...request, dryRun: true, failedRows: true });
  if (answer.status < 200 || answer.status >= 300) throw await answerError(answer);
  saveBlob(answer.blob, filenameFromDisposition(answer.disposition) ?? fallbackName);
}

/** The class's empty sheet: a Roll column and one per subject. */
export async function downloadMarksTemplate(klass: string, fallbackName: string): Promise<void> {
  const response = await apiFetch(`${IMPORT_PATH}/template?class=${encodeURIComponent(klass)}`, { method: 'GET', accept: `${XLSX_TYPE}, application/json` });
  if (!response.ok) throw await errorOf(response);
  saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
}
