/**
 * Bearer-token sessions: `request.user` is the account behind a valid, unexpired token of an active
 * user. Routes opt in with `app.authenticate` or `requireRole(...)` as an onRequest hook, so a
 * caller without access is refused before its body is even read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../common/constants.js';
import type { PublicUser } from '../../common/schemas/user.js';
import { preparedQuery } from '../db/prepared.js';
import { selectPublicUsers, toPublicUser } from '../modules/users/users.repository.js';
import { forbidden, unauthenticated } from './errors.js';
import { now } from './time.js';
import { digest } from './tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: PublicUser | null;
    tokenDigest: string | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
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
    if (!roles.includes((request.user as PublicUser).role)) throw forbidden();
  };
}

/** The account behind a token: run by every authenticated request, so built once. */
const tokenOwner = preparedQuery((db, args: { tokenDigest: string; now: string }) =>
  selectPublicUsers(db)
    .innerJoin('access_tokens', 'access_tokens.user_id', 'users.id')
    .where('access_tokens.token_hash', '=', args.tokenDigest)
    .where('access_tokens.expires_at', '>', args.now)
    .where('users.status', '=', 1)
    .limit(1),
);

export const authentication = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenDigest', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const tokenDigest = digest(token);
    const [row] = await tokenOwner(app.db, { tokenDigest, now: now() });
    if (!row) throw unauthenticated();
    request.user = toPublicUser(row);
    request.tokenDigest = tokenDigest;
  });
});
