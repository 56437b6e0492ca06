/** Confirming the account's mobile number with the code sent to it by SMS (docs/operators/security.md). */
import { z } from 'zod';
import { toAsciiDigits } from '../validation.js';

/** Six digits, typed in either script; spaces are ignored. */
export const PhoneCodeBody = z.object({
  code: z
    .string({ error: 'required' })
    .transform((v) => toAsciiDigits(v).replace(/\s/g, ''))
    .pipe(
      z
        .string()
        .min(1, 'required')
        .regex(/^\d{6}$/, 'phone_code_wrong'),
    ),
});
export type PhoneCodeBody = z.infer<typeof PhoneCodeBody>;
