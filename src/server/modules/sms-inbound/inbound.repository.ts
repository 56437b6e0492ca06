/**
 * An inbound message's one transaction (docs/integrators/sms.md): kept once per gateway message id, the
 * sender's reply counter bumped, and the reply queued in the outbox only while the sender is within its
 * limit. The counter is one row per sender and window, raised in one upsert whose row lock (PostgreSQL)
 * or the one writer (SQLite) orders simultaneous messages, so each sees the count before it, on every server.
 */
import type { Kysely } from 'kysely';
import type { SmsInboundAnswer, SmsInboundOutcome } from '../../../common/schemas/sms-inbound.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { queueNotice } from '../notices/index.js';

export type Inbound = { messageId: string | null; sender: string; text: string; answer: SmsInboundAnswer; reply: string };

/** What the outbox's replies to inbound SMS are grouped under (its `topic`). */
export const REPLY_TOPIC = 'sms-inbound';

/** The start of the fixed window `at` falls in: windows are counted from the epoch, so every server agrees on them. */
export function windowStart(at: Date, windowSeconds: number): string {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(at.getTime() / ms) * ms).toISOString();
}

export async function receive(db: Kysely<Database>, inbound: Inbound, limit: { max: number; windowSeconds: number }): Promise<SmsInboundOutcome> {
  return db.transaction().execute(async (trx) => {
    const at = now();
    const stored = await trx
      .insertInto('sms_inbound')
      .values({ message_id: inbound.messageId, sender: inbound.sender, text: inbound.text, answer: inbound.answer, outcome: 'replied', received_at: at })
      .onConflict((oc) => oc.column('message_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!stored) return 'duplicate';
    const window = windowStart(new Date(at), limit.windowSeconds);
    // A sender keeps one row: its past windows go as a new one starts.
    await trx.deleteFrom('sms_reply_counts').where('sender', '=', inbound.sender).where('window_start', '<', window).execute();
    const { replies } = await trx
      .insertInto('sms_reply_counts')
      .values({ sender: inbound.sender, window_start: window, replies: 1 })
      .onConflict((oc) => oc.columns(['sender', 'window_start']).doUpdateSet((eb) => ({ replies: eb('sms_reply_counts.replies', '+', 1) })))
      .returning('replies')
      .executeTakeFirstOrThrow();
    if (replies > limit.max) {
      await trx.updateTable('sms_inbound').set({ outcome: 'limited' }).where('id', '=', stored.id).execute();
      return 'limited';
    }
    await queueNotice(trx, [
      {
        channel: 'sms',
        recipient: inbound.sender,
        subject: null,
        body: inbound.reply,
        eventKey: `${REPLY_TOPIC}:${stored.id}`,
        topic: REPLY_TOPIC,
        userId: null,
      },
    ]);
    return 'replied';
  });
}
