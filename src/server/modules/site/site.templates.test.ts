import { describe, expect, it } from 'vitest';
import { bengaliNumber } from './site.templates.js';

describe('bengaliNumber', () => {
  const format = new Intl.NumberFormat('bn-BD');

  it('writes every number as Intl does, from its table under a thousand and by Intl above', () => {
    for (const n of [0, 7, 42, 100, 999, 1000, 12345, 1234567, 45.5, -3]) expect(bengaliNumber(n)).toBe(format.format(n));
    expect(bengaliNumber(87)).toBe('৮৭');
    expect(bengaliNumber(100000)).toBe('১,০০,০০০');
  });
});
