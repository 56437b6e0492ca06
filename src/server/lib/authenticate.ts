/**
 * Bearer-token sessions: `request.user` is the account behind a valid, unexpired token of an active
 * user. Routes opt in with `app.authenticate` or `requireRole(...)` as an onRequest hook, so a
 * caller without access is refused before its body is even read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../common/constants.js';
import type { PublicUser } from '../../common/schemas/user.js';
import type { Kysely } from 'kysely';
import { perTurn } from '../db/per-turn.js';
import { preparedQuery } from '../db/prepared.js';
import type { Database } from '../db/types.js';
import { forbidden, HttpError, unauthenticated } from './errors.js';
import { adminsMustUseTwoFactor } from './security-policies.js';
import { now } from './time.js';
import { digest } from './tokens.js';

/**
 * What the server needs of the caller on every request. Reading the whole account here cost more
 * than the rest of a small request's queries together (in a CPU profile of the benchmark); /me and the profile read it.
 */
export type SessionUser = Pick<PublicUser, 'id' | 'role' | 'name' | 'institute_name_english'>;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    tokenDigest: string | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyContextConfig {
    /** The route answers an account that must change its password first (reading it, changing the password, logging out). */
    beforePasswordChange?: boolean;
    /** The route answers an admin who must enrol in two-factor login first (reading the account, enrolling, logging out). */
    beforeTwoFactor?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export function requireRole(...roles: Role[]) {
  return async function (this: FastifyInstance, request: FastifyRequest): Promise<void> {
    await this.authenticate(request);
    if (!roles.includes((request.user as SessionUser).role)) throw forbidden();
  };
}

/** The accounts behind unexpired tokens, with the digest each was found by. */
const tokenOwnersQuery = (db: Kysely<Database>, at: string) =>
  db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select([
      'access_tokens.token_hash',
      'users.id',
      'users.name',
      'users.institute_name_english',
      'users.must_change_password',
      'users.totp_enabled_at',
      'users.status',
      'user_roles.slug as role',
    ])
    .where('access_tokens.expires_at', '>', at);

/** The account behind one token: run by every authenticated request, so built once. */
const tokenOwner = preparedQuery((db, args: { tokenDigest: string; now: string }) =>
  tokenOwnersQuery(db, args.now).where('access_tokens.token_hash', '=', args.tokenDigest).limit(1),
);

/** The accounts behind the tokens of the requests of one turn (db/per-turn.ts), with one query when there are several. */
const tokenOwners = perTurn(
  async (db, digests: string[]) => {
    const rows = await tokenOwnersQuery(db, now()).where('access_tokens.token_hash', 'in', digests).execute();
    return new Map(rows.map((row) => [row.token_hash, row]));
  },
  async (db, tokenDigest) => (await tokenOwner(db, { tokenDigest, now: now() }))[0],
);

export const authentication = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenDigest', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const tokenDigest = digest(token);
    const row = await tokenOwners(app.db, tokenDigest);
    if (!row) throw unauthenticated();
    // A deactivated account's open session ends with the reason, which the login screen then shows.
    if (row.status !== 1) throw new HttpError(401, 'account_inactive');
    // After a temporary password (architecture §5) the account does nothing else until it has its own.
    if (row.must_change_password && !request.routeOptions.config.beforePasswordChange) throw new HttpError(403, 'password_change_required');
    // When every admin must use two-factor login, an admin without it does nothing else until enrolled
    // (read only for such admins: no other request pays for the policy).
    if (row.role === 'admin' && !row.totp_enabled_at && !request.routeOptions.config.beforeTwoFactor && (await adminsMustUseTwoFactor(app.db)))
      throw new HttpError(403, 'two_factor_enrolment_required');
    const { token_hash: _digest, must_change_password: _mustChange, totp_enabled_at: _twoFactor, status: _status, ...user } = row;
    request.user = { ...user, role: row.role as Role };
    request.tokenDigest = tokenDigest;
  });
});
