/**
 * Media calls (spec §7 Media): upload one file (with progress, api/postForm.ts), delete a stored one.
 */
import { ApiError, apiRequest } from '../../api/client';
import { envelopeOf, postForm } from '../../api/postForm';

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

/** Uploads a file; resolves with its stored path ('uploads/<folder>/<name>.<ext>', no leading slash). */
export async function uploadMedia(file: File | Blob, options: UploadOptions = {}): Promise<string> {
  const { name = 'photo', folder = 'files', width, height, accept, onProgress, signal } = options;
  const form = new FormData();
  // Text fields first: the server reads them before it streams the file.
  form.append('folder', folder);
  if (width !== undefined) form.append('width', String(width));
  if (height !== undefined) form.append('height', String(height));
  if (accept) form.append('accept', accept);
  form.append(name, file, file instanceof File ? file.name : 'upload');

  const answer = await postForm(UPLOAD_URL, form, { accept: 'application/json', onProgress, signal, size: file.size });
  const payload = await envelopeOf(answer);
  if (answer.status >= 200 && answer.status < 300 && typeof payload?.data === 'string') return payload.data;
  throw new ApiError(answer.status, payload?.message ?? answer.statusText, payload?.data ?? null);
}

/** Deletes a stored file by its path (as uploadMedia returned it). */
export async function deleteMedia(path: string): Promise<void> {
  await apiRequest<unknown>('/v1/media/delete', { method: 'DELETE', body: { path } });
}
