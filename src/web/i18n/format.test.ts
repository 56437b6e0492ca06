import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatMoney, formatNumber, localizeDigits, todayIso } from './format';

describe('numbers in the interface language', () => {
  it('shows an institute id and a mobile number in Bengali digits, leading zero kept', () => {
    expect(localizeDigits('482913', 'bn')).toBe('৪৮২৯১৩');
    expect(localizeDigits('01712345678', 'bn')).toBe('০১৭১২৩৪৫৬৭৮');
    expect(localizeDigits('01712345678', 'en')).toBe('01712345678');
  });

  it('formats counts the Bangladeshi way', () => {
    expect(formatNumber(8, 'bn')).toBe('৮');
    expect(formatNumber(1234567, 'bn')).toBe('১২,৩৪,৫৬৭');
  });

  it('shows money as taka with the language’s digits', () => {
    expect(formatMoney(600, 'bn')).toBe('৳৬০০');
    expect(formatMoney(0, 'bn')).toBe('৳০');
    expect(formatMoney(120000, 'bn')).toBe('৳১,২০,০০০');
    expect(formatMoney(1200, 'en')).toBe('৳1,200');
  });

  it('shows a time in Bengali without Latin letters or digits', () => {
    const shown = formatDateTime('2026-11-24T18:37:00Z', 'bn');
    expect(shown).not.toMatch(/[A-Za-z0-9]/);
    expect(shown).toMatch(/[০-৯]{2}:[০-৯]{2}$/);
  });

  it('shows a deposit date as the day it names, and today as a date input holds it', () => {
    expect(formatDay('2026-03-01', 'en')).toBe('1 March 2026');
    expect(formatDay('2026-03-01', 'bn')).toContain('২০২৬');
    expect(todayIso(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
