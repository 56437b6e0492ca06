import { describe, expect, it } from 'vitest';
import { translate } from './messages.js';
import { normalizeMobile, optionalFilePath, requiredMobile, toAsciiDigits, upperText } from './validation.js';

describe('shared field rules', () => {
  it('reads Bengali digits as ASCII', () => {
    expect(toAsciiDigits('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
  });

  it.each([
    ['01712345678', '01712345678'],
    ['+8801712345678', '01712345678'],
    ['8801712345678', '01712345678'],
    ['০১৭১২-৩৪৫৬৭৮', '01712345678'],
    ['017 1234 5678', '01712345678'],
  ])('stores the mobile %s as %s', (input, stored) => {
    expect(normalizeMobile(input)).toBe(stored);
    expect(requiredMobile().parse(input)).toBe(stored);
  });

  it.each(['01212345678', '0171234567', '017123456789', '1712345678'])('refuses %s as a Bangladeshi mobile', (input) => {
    expect(requiredMobile().safeParse(input).success).toBe(false);
  });

  it('upper-cases English names as the form shows them', () => {
    expect(upperText().parse('  md. karim ')).toBe('MD. KARIM');
  });

  it('drops a leading slash and the placeholder paths the upload widget leaves behind', () => {
    expect(optionalFilePath().parse('/files/logo.png')).toBe('files/logo.png');
    expect(optionalFilePath().parse('/null')).toBeUndefined();
    expect(optionalFilePath().parse('//undefined')).toBeUndefined();
    expect(optionalFilePath().safeParse('files/../../secret').success).toBe(false);
  });

  it('fills message placeholders with numbers in the language of the message', () => {
    expect(translate('en', 'too_long', { max: 191 })).toBe('At most 191 characters.');
    expect(translate('bn', 'too_long', { max: 191 })).toBe('সর্বোচ্চ ১৯১ অক্ষর লেখা যাবে।');
    expect(translate('bn', 'no_such_key')).toBe('no_such_key');
  });
});
