/** SQL for institute accounts. Secrets (password hashes) are read only by the functions that need them. */
import { randomInt } from 'node:crypto';
import type { Role } from '../../../common/constants.js';
import { districtById, divisionById, upazilaById } from '../../../common/geo/index.js';
import { instituteFields } from '../../../common/schemas/institute.js';
import type { PublicUser } from '../../../common/schemas/user.js';
import type { Db } from '../../db/handles.js';
import type { UsersTable } from '../../db/types.js';
import { uniqueViolation } from '../../lib/errors.js';
import { slugify } from '../../lib/slug.js';
import { definedOnly } from '../../lib/objects.js';
import { now } from '../../lib/time.js';

/** Every column the API may show; the hashes are not among them. */
export const PUBLIC_USER_COLUMNS = [
  'users.id',
  'users.uid',
  'users.name',
  'users.email',
  'users.photo',
  'users.phone_number',
  'users.phone_confirmed_at',
  'users.website',
  'users.facebook',
  'users.slug',
  'users.status',
  'users.institute_type',
  'users.institute_level',
  'users.institute_name',
  'users.institute_name_english',
  'users.institute_total_student',
  'users.institute_management_type',
  'users.contact_person',
  'users.contact_person_name_english',
  'users.whatsapp_number',
  'users.permanent_phone_number',
  'users.file',
  'users.division_id',
  'users.zilla_id',
  'users.upozilla_id',
  'users.division',
  'users.zilla',
  'users.upozilla',
  'users.thana',
  'users.sector',
  'users.union',
  'users.holding_no',
  'users.post_office',
  'users.must_change_password',
  'users.created_at',
  'users.updated_at',
] as const;

export type PublicUserRow = Omit<PublicUser, 'role' | 'must_change_password'> & { role: string; must_change_password: number };

export function toPublicUser(row: PublicUserRow): PublicUser {
  return { ...row, role: row.role as Role, must_change_password: row.must_change_password === 1 };
}

export function selectPublicUsers(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select([...PUBLIC_USER_COLUMNS, 'user_roles.slug as role']);
}

export async function findPublicUser(db: Db, id: number): Promise<PublicUser | undefined> {
  const row = await selectPublicUsers(db).where('users.id', '=', id).executeTakeFirst();
  return row && toPublicUser(row);
}

/** The account a login identifier names: institute id, email or mobile number. */
export function findLoginAccount(db: Db, identifier: { uid: string; email: string; phone: string }) {
  return db
    .selectFrom('users')
    .select(['id', 'status', 'password_hash', 'totp_enabled_at'])
    .where((eb) => eb.or([eb('uid', '=', identifier.uid), eb('email', '=', identifier.email), eb('phone_number', '=', identifier.phone)]))
    .executeTakeFirst();
}

/** Which of `email` / `phone_number` already belong to another account, and whether that account confirmed its number. */
export async function takenContacts(db: Db, contact: { email?: string; phone_number?: string }, exceptId?: number) {
  const checks = [
    ['email', contact.email],
    ['phone_number', contact.phone_number],
  ] as const;
  const taken: { column: 'email' | 'phone_number'; confirmed: boolean }[] = [];
  for (const [column, value] of checks) {
    if (value === undefined) continue;
    let query = db.selectFrom('users').select('phone_confirmed_at').where(column, '=', value);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    const holder = await query.executeTakeFirst();
    if (holder) taken.push({ column, confirmed: holder.phone_confirmed_at !== null });
  }
  return taken;
}

type InstituteColumns = Partial<
  Omit<
    UsersTable,
    | 'id'
    | 'uid'
    | 'role_id'
    | 'password_hash'
    | 'slug'
    | 'created_at'
    | 'updated_at'
    | 'status'
    | 'must_change_password'
    | 'phone_confirmed_at'
    | 'phone_set_at'
    | `totp_${string}`
  >
>;

/** The stored names of the address ids, so lists and exports need no lookup. */
function addressNames(fields: InstituteColumns): Pick<InstituteColumns, 'division' | 'zilla' | 'upozilla'> {
  return {
    division: fields.division_id ? (divisionById.get(fields.division_id)?.name_bn ?? null) : null,
    zilla: fields.zilla_id ? (districtById.get(fields.zilla_id)?.name_bn ?? null) : null,
    upozilla: fields.upozilla_id ? (upazilaById.get(fields.upozilla_id)?.name_bn ?? null) : null,
  };
}

/** Six digits, never starting with 0, so it reads as a number and fits on a receipt. */
function newUid(): string {
  return String(randomInt(100_000, 1_000_000));
}

/**
 * Inserts an account with a fresh institute id. A clash on the random id is retried; a clash on
 * email or phone is thrown for the caller to report on that field.
 */
export async function createUser(db: Db, input: { role: Role; fields: InstituteColumns & { name: string }; passwordHash: string }): Promise<number> {
  const role = await db.selectFrom('user_roles').select('id').where('slug', '=', input.role).executeTakeFirstOrThrow();
  const at = now();
  for (let attempt = 0; ; attempt++) {
    const uid = newUid();
    try {
      const row = await db
        .insertInto('users')
        .values({
          ...input.fields,
          ...addressNames(input.fields),
          institute_name: input.fields.institute_name ?? (input.role === 'institute' ? input.fields.name : null),
          uid,
          role_id: role.id,
          slug: slugify(input.fields.institute_name_english, uid),
          password_hash: input.passwordHash,
          phone_set_at: input.fields.phone_number ? at : null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    } catch (error) {
      if (uniqueViolation(error) === 'uid' && attempt < 5) continue;
      throw error;
    }
  }
}

/** Optional fields a form left empty are cleared; the name and the uploaded files are kept unless sent. */
const CLEARABLE = Object.keys(instituteFields).filter((field) => !['name', 'photo', 'file'].includes(field));

/**
 * Changes an account's institute fields (and role or password when given), as a form submit
 * means: what the form left empty is cleared. The stored address names follow the ids.
 */
export async function updateUser(
  db: Db,
  id: number,
  input: { fields: InstituteColumns & { name?: string }; role?: Role; institute?: boolean; passwordHash?: string },
): Promise<void> {
  const roleId = input.role ? (await db.selectFrom('user_roles').select('id').where('slug', '=', input.role).executeTakeFirstOrThrow()).id : undefined;
  await db
    .updateTable('users')
    .set({
      ...Object.fromEntries(CLEARABLE.map((field) => [field, null])),
      ...definedOnly(input.fields),
      ...addressNames(input.fields),
      // An institute's Bengali name is its account's name; a person (an examiner, an admin) has no institute.
      ...(input.institute === false ? { institute_name: null } : input.fields.name === undefined ? {} : { institute_name: input.fields.name }),
      ...(roleId === undefined ? {} : { role_id: roleId }),
      ...(input.passwordHash === undefined ? {} : { password_hash: input.passwordHash, must_change_password: 0 }),
      // A confirmation is of one number: another number (or none) is unconfirmed until its own code comes back.
      phone_confirmed_at: (eb) =>
        eb
          .case()
          .when('phone_number', '=', input.fields.phone_number ?? null)
          .then(eb.ref('phone_confirmed_at'))
          .else(null)
          .end(),
      phone_set_at: (eb) =>
        eb
          .case()
          .when('phone_number', '=', input.fields.phone_number ?? null)
          .then(eb.ref('phone_set_at'))
          .else(input.fields.phone_number ? now() : null)
          .end(),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
  // A password an admin sets also voids pending temporary ones, which would otherwise replace it at their first use.
  if (input.passwordHash !== undefined) await db.deleteFrom('password_resets').where('user_id', '=', id).execute();
}
