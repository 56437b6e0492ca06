/** The login's second step, throttled per account: the code of an enrolled account after its password. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import type { FailureCounter } from '../../lib/failure-counter.js';
import { now } from '../../lib/time.js';
import { CODE_FAILURES, passChallenge, tooManyCodes } from './two-factor.service.js';

/**
 * Answers the account and the temporary password its first step used (still live), or throws: 422 on
 * `code` for a wrong code, on `challenge` for a spent or expired one, 429 past CODE_FAILURES.
 */
export async function secondStep(db: Kysely<Database>, failures: FailureCounter, challenge: string, code: string) {
  const result = await passChallenge(db, challenge, code, async (userId) => {
    if ((await failures.count(`two-factor:${userId}`)) >= CODE_FAILURES.max) throw tooManyCodes();
  });
  if (!result.passed) {
    await failures.add(`two-factor:${result.userId}`);
    throw new ValidationError({ code: ['two_factor_code_wrong'] });
  }
  if (result.resetId === null) return { userId: result.userId, reset: undefined };
  const reset = await db
    .selectFrom('password_resets')
    .select('password_hash')
    .where('id', '=', result.resetId)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  // The temporary password was voided between the steps (an admin set a password, it expired).
  if (!reset) throw new ValidationError({ challenge: ['two_factor_expired'] });
  return { userId: result.userId, reset };
}
