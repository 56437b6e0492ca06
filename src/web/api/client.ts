/**
 * The one way the client talks to the API (architecture §4): base /api, JSON bodies, the
 * `{message, data}` envelope, the interface language as Accept-Language and the stored bearer token.
 */
import { currentLanguage } from '../i18n';
import { readToken } from './token';
import type { Policy } from '../../common/schemas/rows';

/** Every JSON answer; a resource's rows come with `policies`, what the user may do with each (src/common/schemas/rows.ts). */
export type Envelope<T> = { message: string; data: T; policies?: Policy[] };

/** A failed call: `status` 0 means the server was not reached; `data` holds a 422's field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly data: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Field name (dotted for nested fields) → messages, for a 422; empty otherwise. */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 422 || typeof this.data !== 'object' || this.data === null) return {};
    return Object.fromEntries(Object.entries(this.data).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
  }
}

let onUnauthorized: (reason: string) => void = () => {};

/** Called when a call outside /auth answers 401 (the stored session is no longer valid), with the server's reason. */
export function setUnauthorizedHandler(handler: (reason: string) => void): void {
  onUnauthorized = handler;
}

type RequestOptions = { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; signal?: AbortSignal; accept?: string };

/**
 * The raw response of a call, for answers that are not the JSON envelope (a CSV download). Throws
 * ApiError(0) when the server was not reached, and reports a 401 outside /auth like every call.
 */
export async function apiFetch(path: string, { method = 'POST', body, signal, accept = 'application/json' }: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: accept,
    'Accept-Language': currentLanguage(),
    'X-Requested-With': 'XMLHttpRequest',
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, '', null);
  }
  if (response.status === 401 && !path.startsWith('/auth/')) {
    const payload = await payloadOf(response.clone());
    // Calls sent together all come back 401: the first ends the session with the server's reason; the others
    // (their bodies perhaps cut short by the login screen that follows) must not replace it. A body cut short
    // (a reload unloading the page) carries no reason: the session is left to the next call or the next
    // page's check, which read why, instead of ending with the status text.
    if (payload?.message && readToken() === token) onUnauthorized(payload.message);
  }
  return response;
}

/** The JSON envelope of an answer, or null when its body is not one or could not be read whole. */
async function payloadOf(response: Response): Promise<Partial<Envelope<unknown>> | null> {
  return (await response.json().catch(() => null)) as Partial<Envelope<unknown>> | null;
}

/** The error a failed response stands for, with the server's message and data when it sent JSON. */
export async function errorOf(response: Response): Promise<ApiError> {
  const payload = await payloadOf(response);
  return new ApiError(response.status, payload?.message ?? response.statusText, payload?.data ?? null);
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const response = await apiFetch(path, options);
  if (!response.ok) throw await errorOf(response);
  return (await response.json().catch(() => null)) as Envelope<T>;
}
