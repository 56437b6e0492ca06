import { describe, expect, it } from 'vitest';
import { formatNumber, localizeDigits } from './format';

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
});
