import { describe, expect, it } from 'vitest';
import { toFieldPath } from './serverErrors';

describe('a 422 field name', () => {
  it('names the same form value in dotted or bracket form', () => {
    expect(toFieldPath('email')).toBe('email');
    expect(toFieldPath('fields.3.value')).toBe('fields.3.value');
    expect(toFieldPath('fields[3][value]')).toBe('fields.3.value');
    expect(toFieldPath('[0].title')).toBe('0.title');
  });
});
