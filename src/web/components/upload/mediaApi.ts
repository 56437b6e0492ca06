/**
 * Media calls (spec §7 Media): upload one file, delete a stored one. Uploads use XMLHttpRequest
 * because fetch reports no upload progress; both send the same headers as every other call.
 */
import { ApiError, apiRequest, type Envelope } from '../../api/client';
import { readToken } from '../../api/token';
import { currentLanguage } from '../../i18n';

export type UploadOptions = {
  /** The multipart field name; the server validates the file under it (default 'photo'). */
  name?: string;
  /** Folder under uploads/ (default 'files'; anonymous uploads may only use 'logos'). */
  folder?: string;
  width?: number;
  height?: number;
  /** Comma list of mime types or wildcards the server accepts ('image/*,application/pdf'). */
  accept?: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

export const UPLOAD_URL = '/api/v1/media/upload';

function envelopeOf(xhr: XMLHttpRequest): Partial<Envelope<unknown>> | null {
  try {
    return JSON.parse(xhr.responseText) as Partial<Envelope<unknown>>;
  } catch {
    return null;
  }
}

/** Uploads a file; resolves with its stored path ('uploads/<folder>/<name>.<ext>', no leading slash). */
export function uploadMedia(file: File | Blob, options: UploadOptions = {}): Promise<string> {
  const { name = 'photo', folder = 'files', width, height, accept, onProgress, signal } = options;
  const form = new FormData();
  // Text fields first: the server reads them before it streams the file.
  form.append('folder', folder);
  if (width !== undefined) form.append('width', String(width));
  if (height !== undefined) form.append('height', String(height));
  if (accept) form.append('accept', accept);
  form.append(name, file, file instanceof File ? file.name : 'upload');

  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', UPLOAD_URL);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      settle();
      const payload = envelopeOf(xhr);
      if (xhr.status >= 200 && xhr.status < 300 && typeof payload?.data === 'string') resolve(payload.data);
      else reject(new ApiError(xhr.status, payload?.message ?? xhr.statusText, payload?.data ?? null));
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

/** Deletes a stored file by its path (as uploadMedia returned it). */
export async function deleteMedia(path: string): Promise<void> {
  await apiRequest<unknown>('/v1/media/delete', { method: 'DELETE', body: { path } });
}
