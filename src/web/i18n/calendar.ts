/**
 * A calendar day (YYYY-MM-DD, as the API takes it) read and written in the interface language: what the
 * date fields show ('২৪ নভেম্বর, ২০২৬'), the words of their calendar, and what a user may type
 * ('২৪/১১/২০২৬', '24-11-2026', '২৪ নভেম্বর ২০২৬'). Everything through Intl, as the rest of the
 * interface's dates (format.ts); the calendar's own library only lays the days out.
 */
import type { Lang } from '../../common/messages';

const LOCALES: Record<Lang, string> = { bn: 'bn-BD', en: 'en-GB' };

/** A day's midnight in UTC, so the day shown is the day stored whatever the viewer's time zone. */
const utcDay = (day: string) => new Date(`${day.slice(0, 10)}T00:00:00Z`);

const formatter = (lang: Lang, options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: 'UTC' });
  return (day: string) => format.format(utcDay(day));
};

/** How a date field's calendar names its parts, one set per language. */
export type CalendarLabels = {
  /** The field's text: '২৪ নভেম্বর, ২০২৬'. */
  value: (day: string) => string;
  /** The day's number in its cell: '২৪'. */
  dayNumber: (day: string) => string;
  /** A day's cell, for a screen reader: 'মঙ্গলবার, ২৪ নভেম্বর, ২০২৬'. */
  dayName: (day: string) => string;
  /** The columns' heads: 'রবি'. */
  weekday: (day: string) => string;
  /** The month shown: 'নভেম্বর ২০২৬'. */
  month: (day: string) => string;
  /** A month to choose: 'নভেম্বর'. */
  monthOfList: (day: string) => string;
  /** A year, alone: '২০২৬'. */
  year: (day: string) => string;
  /** The decade shown: '২০২০ – ২০২৯'. */
  decade: (start: string, end: string) => string;
};

const cache = new Map<Lang, CalendarLabels>();

export function calendarLabels(lang: Lang): CalendarLabels {
  let labels = cache.get(lang);
  if (!labels) {
    const year = formatter(lang, { year: 'numeric' });
    labels = {
      value: formatter(lang, { dateStyle: 'long' }),
      dayNumber: formatter(lang, { day: 'numeric' }),
      dayName: formatter(lang, { dateStyle: 'full' }),
      weekday: formatter(lang, { weekday: 'short' }),
      month: formatter(lang, { month: 'long', year: 'numeric' }),
      monthOfList: formatter(lang, { month: 'short' }),
      year,
      decade: (start, end) => `${year(start)} – ${year(end)}`,
    };
    cache.set(lang, labels);
  }
  return labels;
}

/** Bengali digits (০–৯) as ASCII digits; other characters as they are. */
export function asciiDigits(text: string): string {
  return text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
}

/** The twelve month names of both languages, long and short, lower-cased, each to its month (1–12). */
const MONTH_NAMES: ReadonlyMap<string, number> = new Map(
  (['bn', 'en'] as const).flatMap((lang) =>
    (['long', 'short'] as const).flatMap((month) => {
      const name = formatter(lang, { month });
      return Array.from({ length: 12 }, (_, index) => [name(`2026-${String(index + 1).padStart(2, '0')}-01`).toLowerCase(), index + 1] as const);
    }),
  ),
);

function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What a user typed as YYYY-MM-DD, or null when it is no whole, real day yet. Day first, as Bangladesh
 * writes dates (24/11/2026, with / - . or spaces, in either digits), a month by name ('২৪ নভেম্বর,
 * ২০২৬', as the field shows it), or the API's own YYYY-MM-DD.
 */
export function parseDay(text: string): string | null {
  const typed = asciiDigits(text).trim().toLowerCase().replace(/\s+/g, ' ');
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  if (iso) return isoDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const numeric = /^(\d{1,2})\s?[/.-]\s?(\d{1,2})\s?[/.-]\s?(\d{4})$/.exec(typed) ?? /^(\d{1,2}) (\d{1,2}) (\d{4})$/.exec(typed);
  if (numeric) return isoDay(Number(numeric[3]), Number(numeric[2]), Number(numeric[1]));
  const named = /^(\d{1,2})\s?[/.-]?\s?([^\d\s,/.-]+)\.?,?\s?[/.-]?\s?(\d{4})$/.exec(typed);
  const month = named ? MONTH_NAMES.get(named[2]!) : undefined;
  return named && month ? isoDay(Number(named[3]), month, Number(named[1])) : null;
}

/**
 * A typed time of day on the 24-hour clock as HH:mm, or null when it is no whole, real time yet:
 * '১৪:৩০', '9.05', '0930', in either digits.
 */
export function parseTime(text: string): string | null {
  const typed = asciiDigits(text).trim();
  const match = /^(\d{1,2})\s?[:.]\s?(\d{2})$/.exec(typed) ?? /^(\d{2})(\d{2})$/.exec(typed);
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? `${String(hour).padStart(2, '0')}:${match[2]}` : null;
}
