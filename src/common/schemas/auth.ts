/** Bodies and answers of the authentication calls (spec §7). */
import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { requiredEmail, requiredText } from '../validation.js';
import { LoginResult } from './two-factor.js';
import { PublicUser } from './user.js';

/** `email` takes the institute id, the email address or the mobile number. */
export const LoginBody = z.object({
  email: requiredText(),
  password: z.string({ error: 'required' }).min(1, 'required').max(LIMITS.password.max, 'too_long'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const ForgetPasswordBody = z.object({ email: requiredEmail() });

export const UserEnvelope = z.object({ message: z.string(), data: z.object({ user: PublicUser }) });
export const LoginEnvelope = z.object({ message: z.string(), data: z.object({ user: PublicUser, token: z.string() }) });
export const LoginStepEnvelope = z.object({ message: z.string(), data: LoginResult });
export const MessageEnvelope = z.object({ message: z.string(), data: z.null() });
