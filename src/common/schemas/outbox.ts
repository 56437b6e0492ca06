/** The outbox's messages, as the API answers them; the dispatcher writes them, nobody through the API. */
import { z } from 'zod';
import { maybeId, maybeText, text } from './rows.js';

/** One SMS or mail of the outbox, as admins read it. */
export const OutboxRow = z.object({
  id: z.number(),
  channel: z.enum(['sms', 'email']),
  recipient: text,
  subject: maybeText,
  body: text,
  event_key: text,
  user_id: maybeId,
  state: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number(),
  next_attempt_at: text,
  last_error: maybeText,
  status: z.number(),
  created_at: text,
  updated_at: text,
  sent_at: maybeText,
});

/** POST /api/v1/outbox/retry: the message is due again. */
export const OutboxRetryEnvelope = z.object({ message: z.string(), data: z.object({ id: z.number(), state: z.literal('pending') }) });

/**
 * A send of notices in bulk (one SMS per published student), as the outbox screen follows it: students
 * read of the result's `total`, messages `queued`, `sent`, `failed` and `left` (queued, not yet sent or
 * failed), and the seconds the rest take at the configured SMS rate (null once nothing is left).
 */
export const NoticeSendView = z.object({
  id: z.number(),
  kind: z.string(),
  version: z.number(),
  state: z.enum(['queuing', 'queued', 'stopped']),
  total: z.number(),
  read: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  left: z.number(),
  rate_per_second: z.number(),
  seconds_left: z.number().nullable(),
  created_at: text,
  updated_at: text,
});
export type NoticeSendView = z.infer<typeof NoticeSendView>;

/** GET /api/v1/outbox/sends: the newest sends first. */
export const NoticeSendsEnvelope = z.object({ data: z.array(NoticeSendView) });
