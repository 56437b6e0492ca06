import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { errorPaths } from './revealFirstError';

describe('the fields an errors object points at', () => {
  it('are listed as dotted paths, nested ones included', () => {
    const errors = {
      email: { type: 'server', message: 'taken' },
      fields: { 3: { value: { type: 'too_big', message: 'too long' } } },
    } as unknown as FieldErrors;
    expect(errorPaths(errors)).toEqual(['email', 'fields.3.value']);
  });
});
