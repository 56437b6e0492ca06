/** The SQL of inbound SMS: each message kept once per gateway message id, and the replies counted per sender and window. */
import type { Transaction } from 'kysely';
import type { SmsInboundAnswer } from '../../../common/schemas/sms-inbound.js';
import type { Database } from '../../db/types.js';

export type InboundRow = { messageId: string | null; sender: string; text: string; answer: SmsInboundAnswer; receivedAt: string };

/** Stores the message as replied to and answers its id, or undefined when its message id was stored before. */
export async function storeInbound(trx: Transaction<Database>, row: InboundRow): Promise<number | undefined> {
  const stored = await trx
    .insertInto('sms_inbound')
    .values({ message_id: row.messageId, sender: row.sender, text: row.text, answer: row.answer, outcome: 'replied', received_at: row.receivedAt })
    .onConflict((oc) => oc.column('message_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return stored?.id;
}

export async function markLimited(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.updateTable('sms_inbound').set({ outcome: 'limited' }).where('id', '=', id).execute();
}

/**
 * Counts one more reply to `sender` in the window starting at `window` and answers the count with it, in one
 * upsert: simultaneous ones wait for the row's lock (PostgreSQL) or the one writer (SQLite), so each sees
 * the ones before it, on every server. The sender's past windows go as a new one starts: one row a sender.
 */
export async function countReply(trx: Transaction<Database>, sender: string, window: string): Promise<number> {
  await trx.deleteFrom('sms_reply_counts').where('sender', '=', sender).where('window_start', '<', window).execute();
  const { replies } = await trx
    .insertInto('sms_reply_counts')
    .values({ sender, window_start: window, replies: 1 })
    .onConflict((oc) => oc.columns(['sender', 'window_start']).doUpdateSet((eb) => ({ replies: eb('sms_reply_counts.replies', '+', 1) })))
    .returning('replies')
    .executeTakeFirstOrThrow();
  return replies;
}
