/**
 * The rules of scholarships paid (docs/integrators/payouts.md): an institute enters where each of its winners'
 * money goes within the admin's window, an admin corrects it at any time, every change audited; details of a
 * student in a live batch or paid are locked. A batch takes every winner of its layout's kind whose details are
 * complete and who is held by no line, checked on the locked details rows and backed by the unique holder of
 * a line: a student is in one live batch at most and is never paid twice.
 */
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Paginated } from '../../../common/schemas/list.js';
import {
  checkPayoutDetails,
  PAYOUT_PAGE_SIZE,
  PAYOUT_STATES,
  type PayoutBatch,
  type PayoutDetailsBody,
  type PayoutSummary,
  type PayoutWindow,
  payoutWindowOf,
  type PayoutWinner,
  type PayoutWinnersQuery,
} from '../../../common/schemas/payouts.js';
import { dhakaToday } from '../../../common/season.js';
import type { Database } from '../../db/types.js';
import { recordAudit } from '../../lib/audit.js';
import { HttpError, notFound, uniqueViolation, ValidationError } from '../../lib/errors.js';
import type { Caller } from '../../lib/resource/definition.js';
import { paginate } from '../../lib/resource/paginator.js';
import { now } from '../../lib/time.js';
import { settingValue } from '../settings/index.js';
import { layoutByKey, PAYOUT_LAYOUTS } from './payout-layouts.js';
import {
  awardOf,
  batchById,
  batchesList,
  holdingLine,
  insertBatch,
  insertLines,
  lockCandidates,
  lockedDetails,
  readyTallies,
  readyToBatch,
  saveDetails,
  stateTallies,
  type WinnerRow,
  winnersPage,
} from './payouts.repository.js';

/** The details window as the admin set it, and where today falls in it. */
export async function detailsWindow(db: Kysely<Database>): Promise<PayoutWindow & { refusal: ReturnType<typeof payoutWindowOf>['refusal'] }> {
  return payoutWindowOf(await settingValue(db, 'payout_details_opens'), await settingValue(db, 'payout_details_closes'), dhakaToday());
}

const publicWindow = ({ opens, closes, open }: PayoutWindow): PayoutWindow => ({ opens, closes, open });

const winnerOf = (row: WinnerRow): PayoutWinner => ({ ...row, locked: row.state === 'in_batch' || row.state === 'paid' });

/** A page of winners: an institute's own, or (an admin) everyone's. */
export async function winners(
  db: Kysely<Database>,
  caller: Caller,
  query: PayoutWinnersQuery,
  pageUrl: (page: number) => string,
): Promise<{ window: PayoutWindow; winners: Paginated<PayoutWinner> }> {
  const filter = { state: query.state, ...(caller.user.role === 'admin' ? {} : { instituteId: caller.user.id }) };
  const { total } = await winnersPage(db, filter, 0, 0);
  const lastPage = Math.max(1, Math.ceil(total / PAYOUT_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, lastPage);
  const { rows } = await winnersPage(db, filter, (page - 1) * PAYOUT_PAGE_SIZE, PAYOUT_PAGE_SIZE);
  return { window: publicWindow(await detailsWindow(db)), winners: paginate(rows.map(winnerOf), total, page, PAYOUT_PAGE_SIZE, pageUrl) };
}

/**
 * Saves a winner's details. An institute only for its own winners (others are 404) and only inside the window
 * (409 with the window's message); an admin at any time. Refused while a line holds the student (in a live
 * batch, or paid), read after the details row is locked so a batch being made cannot slip between.
 */
export async function saveWinnerDetails(db: Kysely<Database>, caller: Caller, registrationId: number, body: PayoutDetailsBody): Promise<PayoutWinner> {
  const award = await awardOf(db, registrationId);
  if (!award || (caller.user.role !== 'admin' && award.institute_id !== caller.user.id)) throw notFound();
  if (caller.user.role !== 'admin') {
    const window = await detailsWindow(db);
    if (window.refusal) throw new HttpError(409, window.refusal);
  }
  const checked = checkPayoutDetails(body);
  if ('errors' in checked) throw new ValidationError(checked.errors);
  await db.transaction().execute(async (trx) => {
    const before = await lockedDetails(trx, registrationId);
    const line = await holdingLine(trx, registrationId);
    if (line) throw new HttpError(409, line.state === 'paid' ? 'payout_already_paid' : 'payout_details_locked');
    await saveDetails(trx, registrationId, checked.details, caller.user.id, now());
    const kept = before ? Object.fromEntries(Object.keys(checked.details).map((key) => [key, before[key as keyof typeof before]])) : null;
    await recordAudit(trx, {
      actor: caller.user,
      client: caller.client,
      action: 'payout.details',
      entity: 'payout-details',
      entityId: registrationId,
      before: kept && { ...kept, failure_reason: before!.failure_reason },
      after: { ...checked.details, failure_reason: null },
    });
  });
  const { rows } = await winnersPage(db, { registrationId }, 0, 1);
  return winnerOf(rows[0]!);
}

/** The admin's dashboard: students and taka awarded and per state, and what each layout would take now. */
export async function payoutSummary(db: Kysely<Database>): Promise<PayoutSummary> {
  const tallies = await stateTallies(db);
  const states = Object.fromEntries(PAYOUT_STATES.map((state) => [state, { students: 0, amount: 0 }])) as PayoutSummary['states'];
  for (const tally of tallies) states[tally.state] = { students: tally.students, amount: tally.amount };
  const ready = await readyTallies(db);
  const layouts = PAYOUT_LAYOUTS.map((layout) => {
    const taken = ready.filter((tally) => tally.method === layout.method && (layout.provider === null || tally.provider === layout.provider));
    return {
      key: layout.key,
      method: layout.method,
      provider: layout.provider,
      ready: { students: taken.reduce((sum, t) => sum + t.students, 0), amount: taken.reduce((sum, t) => sum + t.amount, 0) },
    };
  });
  return {
    awarded: { students: tallies.reduce((sum, t) => sum + t.students, 0), amount: tallies.reduce((sum, t) => sum + t.amount, 0) },
    states,
    layouts,
    window: publicWindow(await detailsWindow(db)),
  };
}

export const payoutBatches = (db: Kysely<Database>): Promise<PayoutBatch[]> => batchesList(db);

export async function payoutBatch(db: Kysely<Database>, id: number): Promise<PayoutBatch> {
  const batch = await batchById(db, id);
  if (!batch) throw notFound();
  return batch;
}

/** Letters and digits a provider's reference field takes everywhere, without those read alike (0/O, 1/I). */
const REFERENCE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A batch's reference: the day and a random part ("PO-20261127-K7QX"); its lines add their number. */
function batchReference(): string {
  const random = Array.from({ length: 4 }, () => REFERENCE_LETTERS[randomInt(REFERENCE_LETTERS.length)]).join('');
  return `PO-${dhakaToday().replaceAll('-', '')}-${random}`;
}

/** Makes a batch of one layout: every winner it may take, each line its own reference; 409 when there is nobody. */
export async function makeBatch(db: Kysely<Database>, caller: Caller, layoutKey: string): Promise<PayoutBatch> {
  const layout = layoutByKey(layoutKey);
  if (!layout) throw new ValidationError({ layout: ['invalid_choice'] });
  const takes = { method: layout.method, provider: layout.provider };
  try {
    const id = await db.transaction().execute(async (trx) => {
      await lockCandidates(trx, takes);
      const candidates = await readyToBatch(trx, takes);
      if (candidates.length === 0) throw new HttpError(409, 'payout_nothing_to_batch');
      const at = now();
      const reference = batchReference();
      const amount = candidates.reduce((sum, c) => sum + c.amount, 0);
      const batchId = await insertBatch(trx, {
        reference,
        layout: layout.key,
        state: 'open',
        lines: candidates.length,
        amount,
        created_by: caller.user.id,
        created_at: at,
      });
      await insertLines(
        trx,
        candidates.map(({ registration_id, amount: lineAmount, ...details }, index) => ({
          batch_id: batchId,
          registration_id,
          holding_registration_id: registration_id,
          reference: `${reference}-${String(index + 1).padStart(4, '0')}`,
          amount: lineAmount,
          state: 'pending',
          details: JSON.stringify(details),
        })),
      );
      await recordAudit(trx, {
        actor: caller.user,
        client: caller.client,
        action: 'payout.batch',
        entity: 'payout-batches',
        entityId: batchId,
        after: { reference, layout: layout.key, lines: candidates.length, amount },
      });
      return batchId;
    });
    return payoutBatch(db, id);
  } catch (error) {
    // The locks make this unreachable; the unique holder is the last word if they ever did not.
    if (uniqueViolation(error) === 'holding_registration_id') throw new HttpError(409, 'payout_nothing_to_batch');
    throw error;
  }
}
