/** Data the product cannot run without: the roles and the first admin. Safe to run at every start. */
import type { Kysely } from 'kysely';
import type { Role } from '../../common/constants.js';
import type { Config } from '../config.js';
import { createUser } from '../modules/users/users.repository.js';
import { hashPassword } from '../lib/passwords.js';
import { now } from '../lib/time.js';
import type { Database } from './types.js';

const ROLE_TITLES = { admin: 'Admin', institute: 'Institute', examiner: 'Examiner' } satisfies Record<Role, string>;

export async function seedRoles(db: Kysely<Database>): Promise<void> {
  const at = now();
  for (const [slug, title] of Object.entries(ROLE_TITLES)) {
    await db
      .insertInto('user_roles')
      .values({ slug, title, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
}

export type FirstAdmin = { created: true } | { created: false; heldBy?: { id: number; role: string } };

/**
 * Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when there is no admin at all. When an
 * account of another role already holds that email, it is neither promoted (anyone can register an
 * institute with any address) nor a reason not to start: the answer says who holds it, for the log.
 */
export async function seedFirstAdmin(db: Kysely<Database>, admin: Config['admin']): Promise<FirstAdmin> {
  const existing = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select('users.id')
    .where('user_roles.slug', '=', 'admin')
    .executeTakeFirst();
  if (existing) return { created: false };
  const email = admin.email.toLowerCase();
  const holder = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select(['users.id', 'user_roles.slug as role'])
    .where('users.email', '=', email)
    .executeTakeFirst();
  if (holder) return { created: false, heldBy: holder };
  await createUser(db, {
    role: 'admin',
    fields: { name: 'Administrator', email },
    passwordHash: await hashPassword(admin.password),
  });
  return { created: true };
}
