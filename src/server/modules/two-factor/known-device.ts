/**
 * The `known_device` cookie: a random token a browser gets at its first successful login, remembered per
 * account as its digest (known_devices). Wrong passwords typed elsewhere do not count against a browser
 * the account has logged in from, so nobody can lock the owner out of their own device (docs/operators/security.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';
import { digest, newToken } from '../../lib/tokens.js';

const COOKIE = 'known_device';
const TOKEN = /^[\w-]{43}$/;
/** The newest browsers kept per account; an older one counts as new again. */
const KEEP_PER_ACCOUNT = 20;

/** The token the request's cookie holds, when it is well formed. */
export function deviceTokenOf(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === COOKIE && value && TOKEN.test(value)) return value;
  }
  return undefined;
}

/** The id of the account's remembered browser that holds this token, if any. */
export async function knownDevice(db: Kysely<Database>, userId: number, token: string | undefined): Promise<number | undefined> {
  if (!token) return undefined;
  const row = await db.selectFrom('known_devices').select('id').where('token_hash', '=', digest(token)).where('user_id', '=', userId).executeTakeFirst();
  return row?.id;
}

/** Remembers the browser for the account (reusing its token when it has one) and answers the token. */
export async function rememberDevice(db: Kysely<Database>, userId: number, token: string | undefined): Promise<string> {
  const kept = token ?? newToken();
  await db
    .insertInto('known_devices')
    .values({ user_id: userId, token_hash: digest(kept), created_at: now() })
    .onConflict((oc) => oc.columns(['token_hash', 'user_id']).doNothing())
    .execute();
  const oldest = await db
    .selectFrom('known_devices')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .offset(KEEP_PER_ACCOUNT)
    .limit(1)
    .executeTakeFirst();
  if (oldest) await db.deleteFrom('known_devices').where('user_id', '=', userId).where('id', '<=', oldest.id).execute();
  return kept;
}

export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const attributes = ['Path=/api/auth', `Max-Age=${365 * 24 * 3600}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  reply.header('set-cookie', [`${COOKIE}=${token}`, ...attributes].join('; '));
}
