/** The per-account key of the sign-in and password-reset limits (the per-address key is lib/rate-limits' byAddress). */
import type { FastifyRequest } from 'fastify';
import { normalizeMobile, toAsciiDigits } from '../../../common/validation.js';
import { findLoginAccount } from '../users/users.repository.js';

/**
 * The account a body names (its `email` field, which login also takes as an institute id or mobile
 * number): the account's id when one matches, so switching between its id, email, mobile, `+880` or
 * Bengali digits does not buy more guesses; otherwise the identifier as login reads it.
 */
export const byAccount = (route: string) => async (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  const ascii = typeof email === 'string' ? toAsciiDigits(email.trim()) : '';
  const account = ascii ? await findLoginAccount(request.server.db, { uid: ascii, email: ascii.toLowerCase(), phone: normalizeMobile(ascii) }) : undefined;
  return `${route}:account:${account ? `#${account.id}` : ascii.toLowerCase()}`;
};
