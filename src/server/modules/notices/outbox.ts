/**
 * Queueing notices (architecture §9 Outbox): each is written in the CALLER's transaction, so a notice
 * exists if and only if its event committed, and it is sent after the commit by the dispatcher, never
 * in the request. The dispatcher is woken once the queueing transaction has committed: on PostgreSQL
 * by NOTIFY (delivered at commit, to every server listening); on SQLite by a signal in the process,
 * whose dispatcher's first query waits for the one connection the transaction holds until it ends.
 */
import { EventEmitter } from 'node:events';
import { PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { insertNotices, latestEventKey, type Notice } from './outbox.repository.js';
import { type NoticeText, paymentApprovedText, paymentRefusedText } from './notice-texts.js';

/** PostgreSQL's channel; the dispatchers LISTEN on it. */
export const OUTBOX_CHANNEL = 'outbox_queued';

/** SQLite's wake-up: one process holds the database, so its dispatchers are in this process. */
export const queuedSignal = new EventEmitter();

export async function queueNotice(trx: Transaction<Database>, notices: readonly Notice[]): Promise<void> {
  if (notices.length === 0) return;
  await insertNotices(trx, notices);
  await wakeAtCommit(trx);
}

/** Within a queueing transaction: every dispatcher looks for due rows once it has committed. */
export async function wakeAtCommit(trx: Transaction<Database>): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(trx);
  else queuedSignal.emit('queued');
}

export type Recipient = { id: number; name: string | null; phone_number: string | null; email: string | null };

/** An account's SMS (to its phone number) and mail (to its email), for whichever it has. */
export function noticesFor(user: Recipient, event: { key: string; topic: string }, compose: (instituteName: string | null) => NoticeText): Notice[] {
  const text = compose(user.name);
  const common = { eventKey: event.key, topic: event.topic, userId: user.id };
  const notices: Notice[] = [];
  if (user.phone_number?.trim()) notices.push({ ...common, channel: 'sms', recipient: user.phone_number.trim(), subject: null, body: text.sms });
  if (user.email?.trim()) notices.push({ ...common, channel: 'email', recipient: user.email.trim(), subject: text.email.subject, body: text.email.text });
  return notices;
}

type Decision = 'approved' | 'refused';

/**
 * `payment:<id>:<decision>:<n>`: n counts the decisions on the payment that were notified, so
 * approve → refuse → approve notify three times, while the same decision queued twice in a row (a
 * retried request) is the same event and stores nothing new. The caller holds the payment's row, so
 * two decisions on one payment do not race here.
 */
async function decisionEvent(trx: Transaction<Database>, paymentId: number, decision: Decision): Promise<{ key: string; topic: string }> {
  const topic = `payment:${paymentId}`;
  const latest = (await latestEventKey(trx, topic))?.split(':');
  const n = latest ? Number(latest[3]) + (latest[2] === decision ? 0 : 1) : 1;
  return { key: `${topic}:${decision}:${n}`, topic };
}

/** What a notice needs of an account: its name as the institute writes it, and where to reach it. */
export const recipientColumns = ['id', 'phone_number', 'email', sql<string | null>`coalesce(institute_name, name)`.as('name')] as const;

async function queueForUser(
  trx: Transaction<Database>,
  id: number,
  event: { key: string; topic: string },
  compose: (instituteName: string | null) => NoticeText,
) {
  const user = await trx.selectFrom('users').select(recipientColumns).where('id', '=', id).executeTakeFirst();
  if (user) await queueNotice(trx, noticesFor(user, event, compose));
}

export type PaymentApprovedNotice = { instituteId: number; paymentId: number; amount: number; transactionId: string; students: number };

/** Call inside the approval's transaction. */
export async function noticePaymentApproved(trx: Transaction<Database>, notice: PaymentApprovedNotice): Promise<void> {
  const event = await decisionEvent(trx, notice.paymentId, 'approved');
  await queueForUser(trx, notice.instituteId, event, (instituteName) => paymentApprovedText({ instituteName, ...notice }));
}

export type PaymentRefusedNotice = { instituteId: number; paymentId: number; transactionId: string; reason: string };

/** Call inside the refusal's transaction; `reason` is the admin's free text. */
export async function noticePaymentRefused(trx: Transaction<Database>, notice: PaymentRefusedNotice): Promise<void> {
  const event = await decisionEvent(trx, notice.paymentId, 'refused');
  await queueForUser(trx, notice.instituteId, event, (instituteName) => paymentRefusedText({ instituteName, ...notice }));
}
