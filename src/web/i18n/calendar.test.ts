import { describe, expect, it } from 'vitest';
import { calendarLabels, parseDay, parseTime } from './calendar';

describe('a date field in Bengali', () => {
  it('shows a day, its calendar and its cells without a Latin letter or digit', () => {
    const bn = calendarLabels('bn');
    expect(bn.value('2026-11-24')).toBe('২৪ নভেম্বর, ২০২৬');
    expect(bn.dayNumber('2026-11-05')).toBe('৫');
    expect(bn.month('2026-11-01')).toBe('নভেম্বর ২০২৬');
    expect(bn.decade('2020-01-01', '2029-12-31')).toBe('২০২০ – ২০২৯');
    for (const text of [bn.dayName('2026-11-24'), bn.weekday('2026-11-22'), bn.monthOfList('2026-02-01'), bn.year('2026-01-01')]) {
      expect(text).not.toMatch(/[A-Za-z0-9]/);
    }
    expect(calendarLabels('en').value('2026-11-24')).toBe('24 November 2026');
  });

  it('takes a typed day, day first, in Bengali or ASCII digits, and gives the API its YYYY-MM-DD', () => {
    expect(parseDay('২৪/১১/২০২৬')).toBe('2026-11-24');
    expect(parseDay('৫-৩-২০২৭')).toBe('2027-03-05');
    expect(parseDay(' 24.11.2026 ')).toBe('2026-11-24');
    expect(parseDay('২৪ ১১ ২০২৬')).toBe('2026-11-24');
    expect(parseDay('2026-11-24')).toBe('2026-11-24');
  });

  it('takes the field’s own text back, and a month by name in either language', () => {
    const bn = calendarLabels('bn');
    expect(parseDay(bn.value('2026-11-24'))).toBe('2026-11-24');
    expect(parseDay('১ জানুয়ারি ২০২৭')).toBe('2027-01-01');
    expect(parseDay('3 Feb 2027')).toBe('2027-02-03');
    expect(parseDay(calendarLabels('en').value('2026-12-31'))).toBe('2026-12-31');
  });

  it('gives nothing for a day that is not whole or not real', () => {
    for (const text of ['', '২৪/১১', '২৪/১১/২০', '৩১/০২/২০২৬', '৩২/০১/২০২৬', '১১/১৩/২০২৬', '24 Novembr 2026', 'আজ']) {
      expect(parseDay(text), text).toBeNull();
    }
  });

  it('takes a time of day on the 24-hour clock in either digits', () => {
    expect(parseTime('১৪:৩০')).toBe('14:30');
    expect(parseTime('9.05')).toBe('09:05');
    expect(parseTime('০৯৩০')).toBe('09:30');
    expect(parseTime('00:00')).toBe('00:00');
    for (const text of ['', '১৪', '14:3', '24:00', '12:60', '2:30 PM']) expect(parseTime(text), text).toBeNull();
  });
});
