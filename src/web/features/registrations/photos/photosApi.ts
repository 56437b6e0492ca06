/**
 * Photos in bulk (docs/integrators/photos.md): the zip sent with upload progress (api/postForm.ts); the
 * server answers with the job that checks (and stores) its photos, which the screen watches (useWatchedJob)
 * until it ends with the report.
 */
import { ApiError } from '../../../api/client';
import { answerError, envelopeOf, postForm } from '../../../api/postForm';

export const PHOTOS_PATH = '/api/v1/photos/import';

export type PhotosRequest = {
  file: File;
  dryRun: boolean;
  /** A student who has a photo gets the new one (or keeps the old). */
  replace: boolean;
  /** An admin's choice; an institute uploads for itself. */
  instituteId?: string;
  onProgress?: (loaded: number, total: number) => void;
  /** Called once the whole file has been sent (the server is checking the photos). */
  onUploaded?: () => void;
  signal?: AbortSignal;
};

/** Uploads the zip; the id of the job that checks it, or ApiError (a 422's field messages in `fieldErrors`). */
export async function uploadPhotos({ file, dryRun, replace, instituteId, onProgress, onUploaded, signal }: PhotosRequest): Promise<number> {
  const form = new FormData();
  // Text fields before the file, as the server reads them first.
  form.append('dry_run', dryRun ? '1' : '0');
  form.append('replace', replace ? '1' : '0');
  if (instituteId) form.append('institute_id', instituteId);
  form.append('file', file, file.name);
  const answer = await postForm(PHOTOS_PATH, form, { accept: 'application/json', onProgress, onUploaded, signal, size: file.size });
  if (answer.status !== 202) throw await answerError(answer);
  const jobId = (await envelopeOf<{ job_id: number }>(answer))?.data?.job_id;
  if (jobId === undefined) throw new ApiError(answer.status, '', null);
  return jobId;
}
