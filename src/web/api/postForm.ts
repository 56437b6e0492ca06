/**
 * A multipart POST with upload progress, for the calls that send a file (media upload, sheet import):
 * fetch reports no upload progress, so this goes through XMLHttpRequest with the API client's headers.
 */
import { currentLanguage } from '../i18n';
import { ApiError } from './client';
import { readToken } from './token';

export type PostFormOptions = {
  /** The Accept header: JSON, or also a file type the call may answer with. */
  accept: string;
  /** Bytes sent so far, of `total` (the file's size when the browser cannot tell). */
  onProgress?: (loaded: number, total: number) => void;
  /** The whole body has been sent; the server is working on it. */
  onUploaded?: () => void;
  signal?: AbortSignal;
  /** What progress counts against when the browser gives no total. */
  size: number;
};

/** The answer whatever its status: the caller reads JSON or a file from `blob`. */
export type FormAnswer = { status: number; statusText: string; blob: Blob; type: string; disposition: string | null };

/** Posts `form` to `url` (under /api); rejects only when the server was not reached (ApiError 0) or on abort. */
export function postForm(url: string, form: FormData, { accept, onProgress, onUploaded, signal, size }: PostFormOptions): Promise<FormAnswer> {
  return new Promise<FormAnswer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.open('POST', url);
    xhr.responseType = 'blob';
    xhr.setRequestHeader('Accept', accept);
    xhr.setRequestHeader('Accept-Language', currentLanguage());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);

    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : size);
    if (onUploaded) xhr.upload.onload = () => onUploaded();
    xhr.onload = () => {
      settle();
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
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

/** The JSON envelope of an answer, or null when it is not JSON. */
export async function envelopeOf<T = unknown>(answer: FormAnswer): Promise<Partial<{ message: string; data: T }> | null> {
  try {
    return JSON.parse(await answer.blob.text()) as Partial<{ message: string; data: T }>;
  } catch {
    return null;
  }
}

/** The ApiError a refused answer stands for, with the server's message and a 422's field messages. */
export async function answerError(answer: FormAnswer): Promise<ApiError> {
  const payload = await envelopeOf(answer);
  return new ApiError(answer.status, payload?.message ?? '', payload?.data ?? null);
}
