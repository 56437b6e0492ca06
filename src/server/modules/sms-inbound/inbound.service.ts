/**
 * An inbound message's one transaction (docs/integrators/sms.md): kept once per gateway message id, the
 * sender's reply counted, and the reply queued in the outbox only while the sender is within its limit,
 * so a message, its count and its reply commit together or not at all.
 */
import type { Kysely } from 'kysely';
import type { SmsInboundAnswer, SmsInboundOutcome } from '../../../common/schemas/sms-inbound.js';
import type { SmsInboundConfig } from '../../config.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { queueNotice } from '../notices/index.js';
import { countReply, markLimited, storeInbound } from './inbound.repository.js';

export type Inbound = { messageId: string | null; sender: string; text: string; answer: SmsInboundAnswer; reply: string };

/** What the outbox's replies to inbound SMS are grouped under (its `topic`). */
export const REPLY_TOPIC = 'sms-inbound';

/** The start of the fixed window `at` falls in: windows are counted from the epoch, so every server agrees on them. */
export function windowStart(at: Date, windowSeconds: number): string {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms).toISOString();
}

export async function receive(db: Kysely<Database>, inbound: Inbound, limit: SmsInboundConfig['replies']): Promise<SmsInboundOutcome> {
  return db.transaction().execute(async (trx) => {
    const at = now();
    const id = await storeInbound(trx, { ...inbound, receivedAt: at });
    if (id === undefined) return 'duplicate';
    if ((await countReply(trx, inbound.sender, windowStart(new Date(at), limit.windowSeconds))) > limit.max) {
      await markLimited(trx, id);
      return 'limited';
    }
    await queueNotice(trx, [
      { channel: 'sms', recipient: inbound.sender, subject: null, body: inbound.reply, eventKey: `${REPLY_TOPIC}:${id}`, topic: REPLY_TOPIC, userId: null },
    ]);
    return 'replied';
  });
}
