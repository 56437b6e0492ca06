/**
 * Accounts for admins (spec §2 Users): an institute's by the institute form, an examiner's or an admin's by a
 * person's (name, email, mobile); passwords hashed, contacts unique.
 */
import { isPersonRole, PERSON_FIELDS, UserStoreBody, UserUpdateBody } from '../../../common/schemas/institute.js';
import { withRow } from '../../../common/resources.js';
import { UserResourceRow } from '../../../common/schemas/user.js';
import type { UsersTable } from '../../db/types.js';
import { ValidationError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { refuseWeakPassword } from '../../lib/weak-passwords.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';
import { recordAudit } from '../../lib/audit.js';
import { endSessions, setStatus } from './accounts.repository.js';
import { createUser, PUBLIC_USER_COLUMNS, updateUser } from './users.repository.js';
import { refuseForeignUploads } from '../media/index.js';
import { refuseRemovingLastAdmin, refuseTakenContacts } from './users.service.js';

/** A person's account keeps none of an institute's fields, whatever else was sent. */
function fieldsOfRole<F extends Record<string, unknown>>(role: unknown, fields: F): Partial<F> {
  return isPersonRole(role) ? (Object.fromEntries(PERSON_FIELDS.map((field) => [field, fields[field]])) as Partial<F>) : fields;
}

export const userResource = defineResource({
  ...withRow('users', UserResourceRow),
  table: 'users',
  columns: {
    ...columnsOf(
      'users',
      PUBLIC_USER_COLUMNS.map((column) => column.slice('users.'.length) as keyof UsersTable & string),
    ),
    role: 'user_roles.slug',
  },
  source: (db) => db.selectFrom('users').innerJoin('user_roles', 'user_roles.id', 'users.role_id'),
  searchable: ['name', 'institute_name_english', 'email', 'phone_number', 'uid'],
  sortable: ['id', 'uid', 'name', 'institute_name_english', 'created_at'],
  filterable: ['id', 'uid', 'role', 'institute_type', 'institute_level', 'institute_management_type', 'division_id', 'zilla_id', 'upozilla_id', 'created_at'],
  storeSchema: UserStoreBody,
  updateSchema: UserUpdateBody,
  exportColumns: [
    'id',
    'uid',
    'name',
    'institute_name_english',
    'role',
    'email',
    'phone_number',
    'institute_type',
    'institute_level',
    'institute_management_type',
    'contact_person',
    'division',
    'zilla',
    'upozilla',
    'post_office',
    'status',
    'created_at',
  ],
  async create(ctx, body) {
    const { password, password_confirmation: _confirmation, role, ...sent } = body;
    const fields = { ...fieldsOfRole(role, sent), name: sent.name };
    refuseWeakPassword(password, [fields.email, fields.phone_number]);
    await refuseTakenContacts(ctx.db, fields);
    await refuseForeignUploads(ctx.db, { photo: fields.photo, file: fields.file }, { accounts: [ctx.user.id] });
    // Hashed before the transaction: argon2 takes tens of milliseconds that no lock should wait for.
    const passwordHash = await hashPassword(password);
    // The account and its audit entry commit together, or neither does.
    return ctx.db.transaction().execute(async (trx) => {
      const id = await createUser(trx, { role: role ?? 'institute', fields, passwordHash });
      // A new admin account is a grant of the admin role.
      if (role === 'admin')
        await recordAudit(trx, {
          actor: ctx.user,
          client: ctx.client,
          action: 'user.role_change',
          entity: 'users',
          entityId: id,
          before: null,
          after: { role },
        });
      return id;
    });
  },
  async update(ctx, id, body) {
    const { password, password_confirmation: _confirmation, role, ...sent } = body;
    const fields = fieldsOfRole(role, sent);
    await refuseTakenContacts(ctx.trx, fields, id);
    const before = await ctx.trx
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
      .select(['user_roles.slug as role', 'users.uid', 'users.email', 'users.phone_number', 'users.photo', 'users.file'])
      .where('users.id', '=', id)
      .executeTakeFirstOrThrow();
    // The admin's own uploads, or the account's (its logo uploaded from its profile).
    await refuseForeignUploads(ctx.trx, { photo: fields.photo, file: fields.file }, { accounts: [ctx.user.id, id] }, before);
    if (password) refuseWeakPassword(password, [fields.email, fields.phone_number, before.uid, before.email, before.phone_number]);
    if (role && role !== 'admin' && before.role === 'admin') await refuseRemovingLastAdmin(ctx.trx, id);
    await updateUser(ctx.trx, id, {
      fields,
      role,
      institute: !isPersonRole(role ?? before.role),
      passwordHash: password ? await hashPassword(password) : undefined,
    });
    const entry = { actor: ctx.user, client: ctx.client, entity: 'users', entityId: id };
    if (role && role !== before.role) await recordAudit(ctx.trx, { ...entry, action: 'user.role_change', before: { role: before.role }, after: { role } });
    if (password) {
      // A password an admin sets (say, for a stolen account) ends every session the old one opened.
      await endSessions(ctx.trx, id);
      await recordAudit(ctx.trx, { ...entry, action: 'password.change' });
    }
  },
  async setStatus(ctx, id, status) {
    if (status === 0) await refuseRemovingLastAdmin(ctx.trx, id);
    await setStatus(ctx.trx, id, status);
  },
  async destroy(ctx, id) {
    await refuseRemovingLastAdmin(ctx.trx, id);
    await ctx.trx.deleteFrom('users').where('id', '=', id).execute();
  },
  guardColumns: ['id'],
  guardWrite: (ctx, row, action) => {
    if ((action === 'soft-delete' || action === 'destroy') && row.id === ctx.user.id) throw new ValidationError({ id: ['cannot_remove_self'] });
  },
});
