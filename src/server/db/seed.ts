/** Data the product cannot run without: the two roles and the first admin. Safe to run at every start. */
import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import { createUser } from '../modules/users/users.repository.js';
import { hashPassword } from '../lib/passwords.js';
import { now } from '../lib/time.js';
import type { Database } from './types.js';

const ROLE_TITLES = { admin: 'Admin', institute: 'Institute' } as const;

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

/** Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when there is no admin at all. */
export async function seedFirstAdmin(db: Kysely<Database>, admin: Config['admin']): Promise<boolean> {
  const existing = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select('users.id')
    .where('user_roles.slug', '=', 'admin')
    .executeTakeFirst();
  if (existing) return false;
  await createUser(db, {
    role: 'admin',
    fields: { name: 'Administrator', email: admin.email.toLowerCase() },
    passwordHash: await hashPassword(admin.password),
  });
  return true;
}
