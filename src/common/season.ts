/**
 * The season's calendar (settings: registration opens and closes, the late-fee date and amount, the
 * payment deadline) and what it means on a given day. Days are Bangladesh dates (YYYY-MM-DD, UTC+6,
 * no daylight saving); an unset date sets no limit. The server enforces it, the client shows it.
 */

export type Season = {
  /** The fee per student before the late-fee date. */
  fee: number;
  registrationOpens: string | null;
  registrationCloses: string | null;
  lateFeeFrom: string | null;
  /** Added to the fee of a student registered on or after `lateFeeFrom`. */
  lateFee: number;
  paymentDeadline: string | null;
};

/** Where a day falls for an institute's new registrations. */
export const REGISTRATION_WINDOWS = ['not_open', 'open', 'closed'] as const;
export type RegistrationWindow = (typeof REGISTRATION_WINDOWS)[number];

const DHAKA_OFFSET_MS = 6 * 3600 * 1000;

/** Today's date in Bangladesh. */
export function dhakaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

export function registrationWindow(season: Season, today: string): RegistrationWindow {
  if (season.registrationOpens && today < season.registrationOpens) return 'not_open';
  if (season.registrationCloses && today > season.registrationCloses) return 'closed';
  return 'open';
}

/** The fee of a student registered on `today`: the late fee is added from its date on. */
export function feeOn(season: Season, today: string): number {
  return season.lateFeeFrom && today >= season.lateFeeFrom ? season.fee + season.lateFee : season.fee;
}

/** Whether an institute may still file a payment on `today` (the deadline day included). */
export function paymentsOpen(season: Season, today: string): boolean {
  return !season.paymentDeadline || today <= season.paymentDeadline;
}

/** Whole days from `today` to `day` (0 on the day itself, negative after it). */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}
