/** Results by SMS: what the gateway's callback is answered (docs/integrators/sms.md). */
import { z } from 'zod';

/** What an inbound text asked and found, which decides the reply. */
export const SMS_INBOUND_ANSWERS = ['result', 'withheld', 'unknown_roll', 'unpublished', 'malformed'] as const;
export type SmsInboundAnswer = (typeof SMS_INBOUND_ANSWERS)[number];

/** replied: a reply is queued; limited: the sender had its replies for the window, none queued; duplicate: a message id seen before. */
export const SMS_INBOUND_OUTCOMES = ['replied', 'limited', 'duplicate'] as const;
export type SmsInboundOutcome = (typeof SMS_INBOUND_OUTCOMES)[number];

/** POST /api/v1/sms/inbound: always 200 once the secret and the sender are good, so the gateway does not retry. */
export const SmsInboundEnvelope = z.object({
  message: z.string(),
  data: z.object({ outcome: z.enum(SMS_INBOUND_OUTCOMES), answer: z.enum(SMS_INBOUND_ANSWERS).nullable() }),
});
