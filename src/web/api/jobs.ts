/**
 * Long work the server runs as a job (architecture §9: allocation, big PDFs): its state and progress
 * (GET /api/v1/jobs/{id}), watched every second while it runs through one hook (useWatchedJob), and the
 * file it made (GET …/file).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isMessageKey, translate } from '../../common/messages';
import type { JobView as CommonJobView } from '../../common/schemas/jobs';
import { saveBlob } from '../components/export/exportData';
import { filenameFromDisposition } from '../components/export/fileName';
import { currentLanguage, i18n } from '../i18n';
import { apiFetch, apiRequest, errorOf } from './client';

/** A job whose result the caller knows the shape of (its kind's). */
export type JobView<Result = unknown> = Omit<CommonJobView, 'result'> & { result: Result | null };

/** How often a running job is asked about. */
export const JOB_POLL_MS = 1000;

async function fetchJob<Result>(id: number, signal?: AbortSignal): Promise<JobView<Result>> {
  return (await apiRequest<JobView<Result>>(`/v1/jobs/${id}`, { method: 'GET', signal })).data;
}

/** A job, asked again every second while it runs. */
export const jobQuery = <Result>(id: number) =>
  queryOptions({
    queryKey: ['jobs', id],
    queryFn: ({ signal }) => fetchJob<Result>(id, signal),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? JOB_POLL_MS : false),
  });

/** Why a job failed, in the interface language: the server's message key, or its server gone. */
export function jobFailure(error: string | null): string {
  if (error === 'server_gone') return i18n.t('jobs.serverGone');
  return translate(currentLanguage(), error && isMessageKey(error) ? error : 'server_error');
}

/** A `202 {data: {job_id}}` answer's job id. */
export async function startJob(path: string, body: object = {}): Promise<number> {
  return (await apiRequest<{ job_id: number }>(path, { body })).data.job_id;
}

/**
 * Saves a file the API answers as an attachment (a job's PDF, one admit card) under the server's
 * name for it; throws ApiError with the server's message when it answers an error instead.
 */
export async function downloadAttachment(path: string, fallbackName: string): Promise<string> {
  const response = await apiFetch(path, { method: 'GET', accept: 'application/pdf, application/json' });
  if (!response.ok) throw await errorOf(response);
  const name = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveBlob(await response.blob(), name);
  return name;
}

/**
 * The job a screen shows (its last one, or one it starts) asked every second while it runs; `onEnd`
 * runs once when a job started here, or seen running here, ends. A job is watched from its start, so a
 * small run that ends before the first poll still brings the screen's fresh numbers.
 */
export function useWatchedJob<Result>(initial: number | null | (() => number | null), onEnd: (job: JobView<Result>) => void) {
  const [jobId, setJobId] = useState<number | null>(initial);
  const query = useQuery({ ...jobQuery<Result>(jobId ?? 0), enabled: jobId !== null });
  const state = query.data?.state;
  const watching = useRef<number | null>(null);
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  });
  useEffect(() => {
    if (state === 'running') watching.current = jobId;
    else if (state && query.data && watching.current === jobId) {
      watching.current = null;
      ended.current(query.data);
    }
  }, [state, jobId, query.data]);
  const watch = (id: number) => {
    watching.current = id;
    setJobId(id);
  };
  return { jobId, query, job: query.data, state, watch };
}
