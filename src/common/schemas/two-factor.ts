/** Two-factor login for admins (TOTP): the bodies and answers of enrolment, the login's second step and the policy. */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { PublicUser } from './user.js';

/** A six-digit code from the authenticator app, or a recovery code (spaces and dashes are ignored). */
export const TwoFactorCode = z
  .string({ error: 'required' })
  .transform((v) => v.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().min(1, 'required').max(32, 'two_factor_code_wrong'));

/** Turning it on (the new app's code) or off (a current code or a recovery code) also takes the account's password, so a session alone cannot. */
export const TwoFactorChangeBody = z.object({
  password: z.string({ error: 'required' }).min(1, 'required').max(LIMITS.password.max, 'too_long'),
  code: TwoFactorCode,
});
export type TwoFactorChangeBody = z.infer<typeof TwoFactorChangeBody>;

export const TwoFactorLoginBody = z.object({
  challenge: z.string({ error: 'required' }).min(1, 'required').max(100, 'two_factor_expired'),
  code: TwoFactorCode,
});
export type TwoFactorLoginBody = z.infer<typeof TwoFactorLoginBody>;

export const TwoFactorPolicyBody = z.object({ required: z.boolean({ error: 'invalid_choice' }) });

export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Every admin must use two-factor login. */
  required: z.boolean(),
  /** This account must enrol before anything else. */
  must_enrol: z.boolean(),
  recovery_codes_left: z.number(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

export const TwoFactorSetup = z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });

/** A login answers a session, or, for an account with two-factor login, the challenge of the second step. */
export const LoginResult = z.union([z.object({ user: PublicUser, token: z.string() }), z.object({ two_factor: z.object({ challenge: z.string() }) })]);
export type LoginResult = z.infer<typeof LoginResult>;
