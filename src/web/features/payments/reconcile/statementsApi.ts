/**
 * The statement reconciliation's calls (docs/integrators/statements.md): the upload (with upload
 * progress, api/postForm.ts), a statement's counts and its approval, a page of one of its lists, and
 * "approve all matched" (a job, watched like every job: api/jobs.ts).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../../common/schemas/list';
import type { StatementLine, StatementList, StatementSummary, StatementUploadAnswer, StatementUploadFields } from '../../../../common/schemas/statements';
import { ApiError, apiRequest } from '../../../api/client';
import { envelopeOf, postForm } from '../../../api/postForm';

const STATEMENTS_PATH = '/v1/payment-statements';

/** A format's columns as the form holds them ('' for none) and the upload sends them, when the header row is new. */
export type ColumnChoice = Record<keyof StatementUploadFields, string>;

export type UploadRequest = {
  file: File;
  columns?: ColumnChoice;
  onProgress?: (loaded: number, total: number) => void;
  onUploaded?: () => void;
  signal?: AbortSignal;
};

/** Reads a statement; throws ApiError (a 422's field messages in `fieldErrors`). */
export async function uploadStatement({ file, columns, onProgress, onUploaded, signal }: UploadRequest): Promise<StatementUploadAnswer> {
  const form = new FormData();
  // Text fields before the file: the server reads them before it streams the file.
  for (const [name, value] of Object.entries(columns ?? {})) if (value) form.append(name, value);
  form.append('file', file, file.name);
  const answer = await postForm(`/api${STATEMENTS_PATH}`, form, { accept: 'application/json', onProgress, onUploaded, signal, size: file.size });
  const payload = await envelopeOf<StatementUploadAnswer>(answer);
  if (answer.status < 200 || answer.status >= 300 || !payload?.data) throw new ApiError(answer.status, payload?.message ?? '', payload?.data ?? null);
  return payload.data;
}

export const statementKey = (id: number) => ['payment-statements', id] as const;

/** A statement's counts and its approval (whose job the screen watches while it runs). */
export const statementQuery = (id: number) =>
  queryOptions({
    queryKey: statementKey(id),
    queryFn: async ({ signal }) => (await apiRequest<StatementSummary>(`${STATEMENTS_PATH}/${id}`, { method: 'GET', signal })).data,
  });

export const linesQuery = (id: number, list: StatementList, page: number) =>
  queryOptions({
    queryKey: [...statementKey(id), 'lines', list, page],
    queryFn: async ({ signal }) =>
      (await apiRequest<Paginated<StatementLine>>(`${STATEMENTS_PATH}/${id}/lines?list=${list}&page=${page}`, { method: 'GET', signal })).data,
    placeholderData: keepPreviousData,
  });

export async function approveMatched(id: number): Promise<StatementSummary> {
  return (await apiRequest<StatementSummary>(`${STATEMENTS_PATH}/${id}/approve`, { method: 'POST' })).data;
}
