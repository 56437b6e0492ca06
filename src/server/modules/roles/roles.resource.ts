/** User roles (spec §2 user/user-role). Admin only; the admin, institute and examiner roles carry the permissions. */
import { ROLES } from '../../../common/constants.js';
import { withRow } from '../../../common/resources.js';
import { UserRoleBody, UserRoleRow } from '../../../common/schemas/content.js';
import { HttpError } from '../../lib/errors.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';

/** Sign-up, sign-in and every role check look these roles up by slug: without them nobody can register. */
const isSystemRole = (slug: unknown) => (ROLES as readonly unknown[]).includes(slug);

export const roleResource = defineResource({
  ...withRow('userRoles', UserRoleRow),
  table: 'user_roles',
  columns: columnsOf('user_roles', ['id', 'title', 'slug', 'status', 'created_at', 'updated_at']),
  searchable: ['title', 'slug'],
  sortable: ['id', 'title', 'created_at'],
  filterable: ['id', 'title', 'slug'],
  storeSchema: UserRoleBody,
  updateSchema: UserRoleBody,
  exportColumns: ['id', 'title', 'slug', 'status', 'created_at'],
  audited: { store: 'role.create', update: 'role.update' },
  guardColumns: ['slug'],
  guardWrite(_ctx, row, action) {
    if ((action === 'soft-delete' || action === 'destroy') && isSystemRole(row.slug)) throw new HttpError(409, 'system_role');
  },
});
