/** Numbers, digits and dates in the interface language through Intl (bn-BD shows Bengali digits). */
import type { Lang } from '../../common/messages';

const LOCALES: Record<Lang, string> = { bn: 'bn-BD', en: 'en-GB' };

export function formatNumber(value: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang]).format(value);
}

/** Every ASCII digit of an id or a phone number in the language's digits, keeping leading zeros. */
export function localizeDigits(text: string, lang: Lang): string {
  const digits = new Intl.NumberFormat(LOCALES[lang], { useGrouping: false });
  return text.replace(/\d/g, (d) => digits.format(Number(d)));
}

export function formatDate(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'long' }).format(new Date(iso));
}

/** Bengali reads the time on a 24-hour clock: bn-BD's 12-hour clock keeps the Latin 'AM'/'PM'. */
export function formatDateTime(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'short', ...(lang === 'bn' ? { hourCycle: 'h23' as const } : {}) }).format(
    new Date(iso),
  );
}

/** A download's size so far: '৫১২ বাইট', '১২.৩ কিলোবাইট', '৪.১ মেগাবাইট'. */
export function formatBytes(bytes: number, lang: Lang): string {
  const [value, unit] = bytes < 1024 ? [bytes, 'byte'] : bytes < 1024 * 1024 ? [bytes / 1024, 'kilobyte'] : [bytes / (1024 * 1024), 'megabyte'];
  return new Intl.NumberFormat(LOCALES[lang], { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value as number);
}

/** Whole taka with the taka sign: '৳১,২০০' in Bengali, '৳1,200' in English. */
export function formatMoney(value: number, lang: Lang): string {
  return `৳${formatNumber(value, lang)}`;
}

/** A calendar day stored as YYYY-MM-DD (a deposit date), the same day whatever the viewer's time zone. */
export function formatDay(day: string, lang: Lang, dateStyle: 'long' | 'medium' = 'long'): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle, timeZone: 'UTC' }).format(date);
}

/** Today in the viewer's time zone as YYYY-MM-DD, as a date input holds it. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
