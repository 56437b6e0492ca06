/**
 * Scholarships paid's calls (docs/integrators/payouts.md): the admin's summary and batches, the winners with
 * their details, a batch's file and the provider's result through the upload every sheet import uses.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PayoutResultReport } from '../../../common/schemas/imports';
import type { PayoutBatch, PayoutDetailsBody, PayoutState, PayoutSummary, PayoutWindow, PayoutWinner } from '../../../common/schemas/payouts';
import { ApiError, apiFetch, apiRequest, errorOf } from '../../api/client';
import { answerError, envelopeOf, postForm } from '../../api/postForm';
import type { Paginated } from '../../components/list/listQuery';
import { saveBlob } from '../../components/export/exportData';
import { filenameFromDisposition } from '../../components/export/fileName';

export type { PayoutBatch, PayoutState, PayoutSummary, PayoutWinner } from '../../../common/schemas/payouts';

/** Everything payouts change: the summary, the winners and the batches. */
export const PAYOUTS_KEY = ['payouts'] as const;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const summaryQuery = queryOptions({
  queryKey: [...PAYOUTS_KEY, 'summary'],
  queryFn: async ({ signal }) => (await apiRequest<PayoutSummary>('/v1/payouts/summary', { method: 'GET', signal })).data,
});

export const batchesQuery = queryOptions({
  queryKey: [...PAYOUTS_KEY, 'batches'],
  queryFn: async ({ signal }) => (await apiRequest<PayoutBatch[]>('/v1/payout-batches', { method: 'GET', signal })).data,
});

export const winnersQuery = (state: PayoutState | null, page: number) =>
  queryOptions({
    queryKey: [...PAYOUTS_KEY, 'winners', state, page],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ page: String(page), ...(state ? { state } : {}) });
      return (await apiRequest<{ window: PayoutWindow; winners: Paginated<PayoutWinner> }>(`/v1/payouts/winners?${query}`, { method: 'GET', signal })).data;
    },
    placeholderData: keepPreviousData,
  });

export const saveDetails = (registrationId: number, body: PayoutDetailsBody) => apiRequest<PayoutWinner>(`/v1/payouts/details/${registrationId}`, { body });

export const makeBatch = (layout: string) => apiRequest<PayoutBatch>('/v1/payout-batches', { body: { layout } });

/** The batch's file in its layout, saved as a download named by its reference. */
export async function downloadBatch(batch: PayoutBatch, format: 'xlsx' | 'csv'): Promise<void> {
  const response = await apiFetch(`/v1/payout-batches/${batch.id}/file?format=${format}`, {
    method: 'GET',
    accept: `${XLSX_TYPE}, text/csv, application/json`,
  });
  if (!response.ok) throw await errorOf(response);
  saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('Content-Disposition')) ?? `${batch.reference}.${format}`);
}

type ResultRequest = {
  batchId: number;
  file: File;
  dryRun: boolean;
  failedRows?: boolean;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
};

function sendResult({ batchId, file, dryRun, failedRows, onProgress, signal }: ResultRequest) {
  const form = new FormData();
  // Text fields before the file: the server reads them before it streams the file.
  form.append('dry_run', dryRun ? '1' : '0');
  if (failedRows) form.append('failed_rows', '1');
  form.append('file', file, file.name);
  return postForm(`/api/v1/payout-batches/${batchId}/result`, form, {
    accept: failedRows ? `${XLSX_TYPE}, application/json` : 'application/json',
    onProgress,
    signal,
    size: file.size,
  });
}

/** A dry run (nothing written) or the real import of the provider's result file. */
export async function importResult(request: Omit<ResultRequest, 'failedRows'>): Promise<PayoutResultReport> {
  const answer = await sendResult(request);
  if (answer.status < 200 || answer.status >= 300) throw await answerError(answer);
  const payload = await envelopeOf<PayoutResultReport>(answer);
  if (!payload?.data) throw new ApiError(answer.status, '', null);
  return payload.data;
}

/** The refused rows of a result file as .xlsx, saved as a download. */
export async function downloadRefusedResult(batchId: number, file: File, fallbackName: string): Promise<void> {
  const answer = await sendResult({ batchId, file, dryRun: true, failedRows: true });
  if (answer.status < 200 || answer.status >= 300) throw await answerError(answer);
  saveBlob(answer.blob, filenameFromDisposition(answer.disposition) ?? fallbackName);
}
