/**
 * The outbox's sender (architecture §9): runs in every server process, started by the app and stopped
 * on close. Woken after each queueing commit (outbox.ts) and by a timer, it claims due rows a small
 * batch at a time and sends them; a failed attempt is retried after a wait that doubles each time,
 * and after the last attempt the row is `failed` for the admin to see and retry. A row is claimed by
 * one sender (claimDue); a sender that dies mid-send loses its lease and the row is sent again, so a
 * message is sent once unless a server dies between the gateway's answer and the row's update.
 * Each channel is its own lane: SMS are handed to the gateway no faster than its configured rate (a
 * season's million results wait their turn), while mail is claimed and sent beside them, never behind.
 * The same process also queues the window-closing reminders (reminders.ts).
 */
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Config } from '../../config.js';
import type { Database, NoticeChannel } from '../../db/types.js';
import type { Mailer } from '../../lib/mailer.js';
import { OUTBOX_CHANNEL, queuedSignal } from './outbox.js';
import { claimDue, markAttemptFailed, markSent, type OutboxRow } from './outbox.repository.js';
import { closingSoon, queueClosingReminders } from './reminders.js';
import type { SmsGateway } from './sms-gateway.js';

/** Rows claimed and sent together; SMS up to a second's worth at the configured rate. */
const BATCH = 10;
const MOST_SMS_BATCH = 100;
/** Longer than a gateway's timeout: a claim is only taken over from a sender that is surely gone. */
const LEASE_MS = 5 * 60_000;
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 6 * 3600_000;
/** How often the reminder is considered; the event keys make a repeated run harmless. */
const REMINDER_EVERY_MS = 3600_000;
const ERROR_LENGTH = 500;

export type DispatcherOptions = {
  db: Kysely<Database>;
  database: Config['database'];
  outbox: Config['outbox'];
  mailer: Mailer;
  sms: SmsGateway;
  log: FastifyBaseLogger;
};

export function backoffMs(baseMs: number, attempts: number): number {
  return Math.min(baseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS);
}

export class Dispatcher {
  private timer: NodeJS.Timeout | undefined;
  private reminderTimer: NodeJS.Timeout | undefined;
  private listener: pg.Client | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Not started, or stopped: nothing wakes it. */
  private stopped = true;
  /** Messages this process has sent, and attempts that failed, by channel since it started (lib/metrics). */
  readonly sent: Record<NoticeChannel, number> = { sms: 0, email: 0 };
  readonly failedAttempts: Record<NoticeChannel, number> = { sms: 0, email: 0 };
  /** Stopping: a running pass ends after its batch. */
  private closing = false;
  private remindedFor: string | undefined;
  private readonly onQueued = () => this.wake();
  /** The SMS lane's turns: when the last SMS was handed to the gateway, and the turn the next one waits for. */
  private lastSmsAt = 0;
  private smsTurn: Promise<void> = Promise.resolve();

  constructor(private readonly options: DispatcherOptions) {}

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.options.outbox.pollMs).unref();
    this.reminderTimer = setInterval(() => void this.remind(), REMINDER_EVERY_MS).unref();
    if (this.options.database.dialect === 'sqlite') queuedSignal.on('queued', this.onQueued);
    else void this.listen();
    this.wake();
    void this.remind();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.closing = true;
    clearInterval(this.timer);
    clearInterval(this.reminderTimer);
    queuedSignal.off('queued', this.onQueued);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.running;
  }

  /** Sends what is due now, soon after the current pass if one is running. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .then(
        () => undefined,
        (err: unknown) => this.options.log.error({ err }, 'outbox: sending failed'),
      )
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Claims and sends batches until nothing is due, each channel in its own lane; answers how many rows it attempted. */
  async drain(): Promise<number> {
    const [sms, email] = await Promise.all([this.drainLane('sms'), this.drainLane('email')]);
    return sms + email;
  }

  private async drainLane(channel: NoticeChannel): Promise<number> {
    const batch = channel === 'sms' ? Math.min(Math.max(BATCH, this.options.outbox.smsPerSecond), MOST_SMS_BATCH) : BATCH;
    let attempted = 0;
    for (;;) {
      const rows = await claimDue(this.options.db, this.options.database.dialect, channel, batch, LEASE_MS);
      if (rows.length === 0) return attempted;
      await Promise.all(rows.map(async (row) => (channel === 'sms' ? this.paced(() => this.deliver(row)) : this.deliver(row))));
      attempted += rows.length;
      if (this.closing) return attempted;
      // Other requests run between batches.
      await yieldToEventLoop();
    }
  }

  /**
   * Runs `send` once 1/rate seconds have passed since the SMS before it was handed over: the sends take
   * turns, each timed from the moment the one before really went, so a busy event loop that wakes a
   * timer late makes the lane slower, never a burst above the rate.
   */
  private async paced(send: () => Promise<void>): Promise<void> {
    const turn = this.smsTurn.then(async () => {
      const wait = this.lastSmsAt + 1000 / this.options.outbox.smsPerSecond - Date.now();
      if (wait > 0) await sleep(wait);
      this.lastSmsAt = Date.now();
    });
    this.smsTurn = turn;
    await turn;
    await send();
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { db, outbox, mailer, sms } = this.options;
    try {
      if (row.channel === 'sms') await sms.send({ id: row.id, to: row.recipient, text: row.body });
      else await mailer.send({ to: row.recipient, subject: row.subject ?? '', text: row.body });
    } catch (error) {
      const message = (error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error)).slice(
        0,
        ERROR_LENGTH,
      );
      const retryAt = row.attempts < outbox.maxAttempts ? new Date(Date.now() + backoffMs(outbox.retryBaseMs, row.attempts)) : null;
      this.options.log.warn(
        { outboxId: row.id, channel: row.channel, attempts: row.attempts, error: message },
        retryAt ? 'outbox: will retry' : 'outbox: gave up',
      );
      await markAttemptFailed(db, row, message, retryAt);
      this.failedAttempts[row.channel]++;
      return;
    }
    await markSent(db, row);
    this.sent[row.channel]++;
  }

  /** Queues the window-closing reminders once per closing date in this process. */
  async remind(): Promise<void> {
    if (this.stopped) return;
    try {
      const closes = await closingSoon(this.options.db, this.options.outbox.reminderDays);
      if (!closes || closes === this.remindedFor) return;
      await queueClosingReminders(this.options.db, closes);
      this.remindedFor = closes;
    } catch (err) {
      this.options.log.error({ err }, 'outbox: reminders failed');
    }
  }

  /** PostgreSQL: NOTIFY from any server's committed queueing wakes this one; the timer covers a lost connection. */
  private async listen(): Promise<void> {
    if (this.options.database.dialect !== 'postgres') return;
    const client = new pg.Client({ connectionString: this.options.database.url });
    let dropped = false;
    const drop = (err: unknown) => {
      if (dropped) return;
      dropped = true;
      this.options.log.warn({ err }, 'outbox: listener lost, polling until it is back');
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.listen(), this.options.outbox.pollMs).unref();
    };
    client.on('error', drop);
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (err) {
      drop(err);
      return;
    }
    if (this.stopped) await client.end();
    else this.listener = client;
  }
}
