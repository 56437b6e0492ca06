import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../common/constants';
import { translate } from '../../common/messages';
import { LoginBody } from '../../common/schemas/auth';
import { checkLogin } from './loginRules';

describe('the login rules without zod', () => {
  it('accept, refuse and trim exactly as the shared LoginBody does', () => {
    const text = fc.oneof(
      fc.constantFrom('', ' ', '  \t', '১২৩৪৫৬', 'admin@example.com', ' 01712345678 '),
      fc.string({ maxLength: 12 }),
      fc.string({ minLength: LIMITS.shortText - 2, maxLength: LIMITS.shortText + 3 }),
      fc.string({ minLength: LIMITS.password.max - 2, maxLength: LIMITS.password.max + 3 }),
    );
    fc.assert(
      fc.property(fc.option(text, { nil: undefined }), fc.option(text, { nil: undefined }), (email, password) => {
        const ours = checkLogin({ email, password }, 'en');
        const shared = LoginBody.safeParse({ email, password });
        expect(ours.values === undefined).toBe(!shared.success);
        if (shared.success) expect(ours.values).toEqual(shared.data);
        else expect(Object.keys(ours.errors ?? {}).sort()).toEqual([...new Set(shared.error.issues.map((i) => String(i.path[0])))].sort());
      }),
      { numRuns: 500, seed: 6 },
    );
  });

  it('words its messages as the server does, in the interface language', () => {
    expect(checkLogin({ email: ' ', password: '' }, 'bn').errors).toEqual({
      email: { type: 'required', message: translate('bn', 'required') },
      password: { type: 'required', message: translate('bn', 'required') },
    });
    expect(checkLogin({ email: 'a', password: 'x'.repeat(LIMITS.password.max + 1) }, 'en').errors).toEqual({
      password: { type: 'too_long', message: translate('en', 'too_long', { max: LIMITS.password.max }) },
    });
  });
});
