/** User roles (spec §2 user/user-role). Admin only; the admin and institute roles carry the permissions. */
import { UserRoleBody } from '../../../common/schemas/content.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';

export const roleResource = defineResource({
  name: 'user-roles',
  table: 'user_roles',
  columns: columnsOf('user_roles', ['id', 'title', 'slug', 'status', 'created_at', 'updated_at']),
  searchable: ['title', 'slug'],
  sortable: ['id', 'title', 'created_at'],
  filterable: ['id', 'title', 'slug'],
  storeSchema: UserRoleBody,
  updateSchema: UserRoleBody,
  roles: { read: ['admin'], write: ['admin'] },
  exportColumns: ['id', 'title', 'slug', 'status', 'created_at'],
  audited: { store: 'role.create', update: 'role.update' },
});
