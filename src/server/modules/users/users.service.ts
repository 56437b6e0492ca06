/** Rules on accounts shared by registration, the admin's user form and the profile. */
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Transaction } from 'kysely';
import type { PublicUser } from '../../../common/schemas/user.js';
import { lockingRows } from '../../db/handles.js';
import type { Database } from '../../db/types.js';
import type { SessionUser } from '../../lib/authenticate.js';
import { HttpError, unauthenticated, ValidationError } from '../../lib/errors.js';
import { findPublicUser, takenContacts } from './users.repository.js';

const TAKEN_MESSAGE = { email: 'email_taken', phone_number: 'phone_taken' } as const;

/**
 * An email or mobile number of another account is a 422 on that field, before anything is written.
 * A number its holder never confirmed by SMS says so, and that the admin can release it to its real
 * owner (docs/operators/security.md); a confirmed number is simply taken, and no one can release it.
 */
export async function refuseTakenContacts(db: Kysely<Database>, contact: { email?: string; phone_number?: string }, exceptId?: number): Promise<void> {
  const taken = await takenContacts(db, contact, exceptId);
  const message = ({ column, confirmed }: (typeof taken)[number]) => (column === 'phone_number' && !confirmed ? 'phone_awaits_holder' : TAKEN_MESSAGE[column]);
  if (taken.length > 0) throw new ValidationError(Object.fromEntries(taken.map((holder) => [holder.column, [message(holder)]])));
}

/** The same rule when the database's unique index caught a race the check above could not see. */
export function takenContactError(column: string | undefined): ValidationError | undefined {
  return column === 'email' || column === 'phone_number' ? new ValidationError({ [column]: [TAKEN_MESSAGE[column]] }) : undefined;
}

/** The caller's whole account (for /me and the profile): gone if it was deactivated since the token was checked. */
export async function sessionAccount(request: FastifyRequest): Promise<PublicUser> {
  const user = await findPublicUser(request.server.db, (request.user as SessionUser).id);
  if (!user) throw unauthenticated();
  return user;
}

/**
 * Someone must always be able to run the back office: removing the last active admin — by a role
 * change, deactivation or deletion — is a 409. The admin role's row is locked first (PostgreSQL), so
 * two admins removing each other at once take turns and the second sees the first one gone.
 */
export async function refuseRemovingLastAdmin(trx: Transaction<Database>, id: number): Promise<void> {
  const role = trx.selectFrom('user_roles').select('id').where('slug', '=', 'admin');
  const admin = await lockingRows(trx, role).executeTakeFirstOrThrow();
  const target = await trx.selectFrom('users').select(['role_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  if (target.role_id !== admin.id || target.status !== 1) return;
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('role_id', '=', admin.id)
    .where('status', '=', 1)
    .where('id', '!=', id)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw new HttpError(409, 'last_admin');
}
