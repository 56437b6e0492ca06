/** How the payout screens word a winner's details and the window, shared by the admin's and the institute's. */
import type { TFunction } from 'i18next';
import type { PayoutWindow, PayoutWinner } from '../../../common/schemas/payouts';
import type { Lang } from '../../../common/messages';
import { formatDay } from '../../i18n/format';

/** Where the money goes, as the reader checks it: the numbers exactly as entered. */
export function payTo(t: TFunction, winner: PayoutWinner): string | null {
  const details = winner.details;
  if (!details) return null;
  if (details.method === 'wallet') return `${t(`payouts.form.providers.${details.wallet_provider!}`)} ${details.wallet_number}`;
  return `${details.bank_name}, ${details.branch_name} — ${details.account_number}`;
}

export function windowText(t: TFunction, lang: Lang, window: PayoutWindow): string {
  if (!window.opens && !window.closes) return t('payouts.window.always');
  const day = (value: string | null) => (value ? formatDay(value, lang, 'medium') : t('payouts.window.noDay'));
  return t(window.open ? 'payouts.window.open' : 'payouts.window.closed', { opens: day(window.opens), closes: day(window.closes) });
}

export const STATE_COLORS = { details_missing: 'gray', ready: 'blue', in_batch: 'yellow', paid: 'teal', failed: 'red' } as const;
