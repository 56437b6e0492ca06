/** The login's second step, throttled per account: the code of an enrolled account after its password. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import type { FailureCounter } from '../../lib/failure-counter.js';
import { now } from '../../lib/time.js';
import { knownDevice } from './known-device.js';
import { CODE_FAILURES, endChallenge, takeChallengeTry, tooManyCodes, useRecoveryCode, useSecondFactor } from './two-factor.service.js';

const expired = () => new ValidationError({ challenge: ['two_factor_expired'] });

/**
 * Answers the account and the temporary password its first step used (still live), or throws: 422 on
 * `code` for a wrong code, on `challenge` for a spent or expired one, 429 past CODE_FAILURES. Wrong codes
 * count against the account, or against the browser when the account has logged in from it before, as
 * wrong passwords do, so someone who knows the password cannot lock the owner's own browser; past the
 * limit a recovery code still gets in (docs/operators/security.md). Each try is counted before its code is
 * checked, so codes sent at once get no more checks than the limits.
 */
export async function secondStep(
  db: Kysely<Database>,
  failures: FailureCounter,
  attempt: { challenge: string; code: string; deviceToken: string | undefined },
) {
  const challenge = await takeChallengeTry(db, attempt.challenge);
  if (!challenge) throw expired();
  const userId = challenge.user_id;
  const device = await knownDevice(db, userId, attempt.deviceToken);
  const key = device === undefined ? `two-factor:${userId}` : `two-factor:device:${device}`;
  const locked = (await failures.reserve(key)) > CODE_FAILURES.max;
  const passed = locked ? await useRecoveryCode(db, userId, attempt.code) : await useSecondFactor(db, userId, attempt.code);
  if (!passed) {
    if (locked) throw tooManyCodes();
    throw new ValidationError({ code: ['two_factor_code_wrong'] });
  }
  await failures.release(key);
  if (!(await endChallenge(db, challenge.id))) throw expired();
  if (challenge.reset_id === null) return { userId, reset: undefined };
  const reset = await db
    .selectFrom('password_resets')
    .select('password_hash')
    .where('id', '=', challenge.reset_id)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  // The temporary password was voided between the steps (an admin set a password, it expired).
  if (!reset) throw expired();
  return { userId, reset };
}
