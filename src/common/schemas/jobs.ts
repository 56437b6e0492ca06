/** A long job as GET /api/v1/jobs/{id} answers it (architecture §9): state, progress, and its result once done. */
import { z } from 'zod';

export const JOB_STATES = ['running', 'done', 'failed'] as const;

export const JobView = z.object({
  id: z.number(),
  kind: z.string(),
  state: z.enum(JOB_STATES),
  total: z.number().nullable(),
  done: z.number(),
  result: z.unknown(),
  error: z.string().nullable(),
  file_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
