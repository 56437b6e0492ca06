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
