/**
 * The registration import's calls (issue 17): the template download, and the upload of a sheet as
 * a dry run, a real import or a request for the refused rows' .xlsx. Uploads go through
 * XMLHttpRequest because fetch reports no upload progress; every call sends the API client's headers.
 */
import { ApiError, apiFetch, errorOf, type Envelope } from '../../../api/client';
import { readToken } from '../../../api/token';
import { currentLanguage } from '../../../i18n';
import { saveBlob } from '../../../components/export/exportData';
import { filenameFromDisposition } from '../../../components/export/fileName';

export const IMPORT_PATH = '/v1/scholarship-registrations/import';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ImportStatus = 'valid' | 'invalid' | 'duplicate' | 'stored';

export type ImportRow = {
  /** The sheet's row number. */
  row: number;
  status: ImportStatus;
  /** The student's name from the row, for display. */
  name: string | null;
  /** Field → messages, already in the request's language. */
  errors: Record<string, string[]>;
};

export type ImportReport = { total: number; valid: number; invalid: number; duplicates: number; stored: number; rows: ImportRow[] };

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

type Answer = { status: number; blob: Blob; type: string; disposition: string | null };

function send({ file, dryRun, instituteId, failedRows, onProgress, onUploaded, signal }: ImportRequest): Promise<Answer> {
  const form = new FormData();
  // Text fields before the file: the server reads them before it streams the file.
  form.append('dry_run', dryRun ? '1' : '0');
  if (instituteId) form.append('institute_id', instituteId);
  if (failedRows) form.append('failed_rows', '1');
  form.append('file', file, file.name);

  return new Promise<Answer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', `/api${IMPORT_PATH}`);
    xhr.responseType = 'blob';
    xhr.setRequestHeader('Accept', failedRows ? `${XLSX_TYPE}, application/json` : 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => onUploaded?.();
    xhr.onload = () => {
      settle();
      resolve({
        status: xhr.status,
        blob: xhr.response as Blob,
        type: xhr.getResponseHeader('Content-Type') ?? '',
        disposition: xhr.getResponseHeader('Content-Disposition'),
      });
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, '', null));
    };
    xhr.onabort = () => {
      settle();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(form);
  });
}

async function envelopeOf(blob: Blob): Promise<Partial<Envelope<unknown>> | null> {
  try {
    return JSON.parse(await blob.text()) as Partial<Envelope<unknown>>;
  } catch {
    return null;
  }
}

async function failure(answer: Answer): Promise<ApiError> {
  const payload = await envelopeOf(answer.blob);
  return new ApiError(answer.status, payload?.message ?? '', payload?.data ?? null);
}

/** A dry run (nothing written) or a real import; throws ApiError (a 422's field messages in `fieldErrors`). */
export async function importSheet(request: Omit<ImportRequest, 'failedRows'>): Promise<{ message: string; report: ImportReport }> {
  const answer = await send(request);
  if (answer.status < 200 || answer.status >= 300) throw await failure(answer);
  const payload = (await envelopeOf(answer.blob)) as Envelope<ImportReport> | null;
  if (!payload?.data) throw new ApiError(answer.status, '', null);
  return { message: payload.message, report: payload.data };
}

/** The refused rows as .xlsx (original cells, an error column, bad cells highlighted), saved as a download. */
export async function downloadFailedRows(request: Omit<ImportRequest, 'failedRows' | 'dryRun'>, fallbackName: string): Promise<void> {
  const answer = await send({ ...request, dryRun: true, failedRows: true });
  if (answer.status < 200 || answer.status >= 300) throw await failure(answer);
  saveBlob(answer.blob, filenameFromDisposition(answer.disposition) ?? fallbackName);
}

/** The empty sheet to fill (an admin's has the institute id column), saved as a download. */
export async function downloadTemplate(fallbackName: string): Promise<void> {
  const response = await apiFetch(`${IMPORT_PATH}/template`, { method: 'GET', accept: `${XLSX_TYPE}, application/json` });
  if (!response.ok) throw await errorOf(response);
  saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName);
}
