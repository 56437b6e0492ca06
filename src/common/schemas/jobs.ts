/** A long job as GET /api/v1/jobs/{id} answers it (architecture §9): state, progress, and its result once done. */
import { z } from 'zod';

export const JOB_STATES = ['running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JobView = z.object({
  id: z.number(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  total: z.number().nullable(),
  done: z.number(),
  /** What the job answers when done, in its kind's own shape. */
  result: z.unknown(),
  /** A message key; `server_gone` when its server stopped beating. */
  error: z.string().nullable(),
  file_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JobView = z.infer<typeof JobView>;

/** Asked every second by a watching screen: the job alone, without a message. */
export const JobAnswer = z.object({ data: JobView });
