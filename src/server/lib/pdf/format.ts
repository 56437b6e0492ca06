/**
 * Numbers, dates and times on the printed documents in Bengali through Intl (bn-BD), in Dhaka time.
 * Roll and registration numbers keep every digit, leading zeros too, as the product shows them
 * (src/web/i18n/format.ts `localizeDigits`).
 */
/** A sitting's day (YYYY-MM-DD), the times printed beside it. */
type Sitting = { date: string };

const count = new Intl.NumberFormat('bn-BD');
const digit = new Intl.NumberFormat('bn-BD', { useGrouping: false });
const day = new Intl.DateTimeFormat('bn-BD', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' });
// bn-BD's 12-hour clock keeps a Latin AM/PM: Bengali reads the 24-hour clock (as the web client does).
const clock = new Intl.DateTimeFormat('bn-BD', { hour: 'numeric', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Dhaka' });

export const bnNumber = (value: number): string => count.format(value);

export const bnDigits = (text: string): string => text.replace(/[0-9]/g, (d) => digit.format(Number(d)));

function dhaka(date: string, time: string): Date | undefined {
  const at = new Date(`${date}T${time}:00+06:00`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** 'শনিবার, ৫ ডিসেম্বর, ২০২৬'; a malformed date is printed as given. */
export function sittingDay(sitting: Sitting): string {
  const at = dhaka(sitting.date, '12:00');
  return at ? day.format(at) : bnDigits(sitting.date);
}

/** '১০:০০' for one of the sitting's times. */
export function sittingTime(sitting: Sitting, time: string): string {
  const at = dhaka(sitting.date, time);
  return at ? clock.format(at) : bnDigits(time);
}
