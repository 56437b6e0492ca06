/** Website-management resources (spec §2, §3): menus, sub menus and the three category kinds. Admin only. */
import { CategoryBody, MenuBody, SubMenuBody } from '../../../common/schemas/content.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';

const ADMIN_ONLY = { read: ['admin'], write: ['admin'] } as const;

const RECORD = ['id', 'creator', 'slug', 'status', 'created_at', 'updated_at'] as const;
const MENU = ['title', 'content_url', 'redirect_url', 'is_external', 'position', 'is_published'] as const;

export const categoryResources = (['blog', 'news', 'notice'] as const).map((kind) =>
  defineResource({
    name: `${kind}-categories`,
    table: `${kind}_categories`,
    columns: columnsOf(`${kind}_categories`, [...RECORD, 'title']),
    searchable: ['title'],
    sortable: ['id', 'title', 'created_at'],
    filterable: ['id', 'title', 'created_at'],
    storeSchema: CategoryBody,
    updateSchema: CategoryBody,
    roles: ADMIN_ONLY,
    exportColumns: ['id', 'title', 'slug', 'status', 'created_at', 'updated_at'],
  }),
);

export const menuResource = defineResource({
  name: 'web-page-menu',
  table: 'web_page_menus',
  columns: columnsOf('web_page_menus', [...RECORD, ...MENU]),
  searchable: ['title', 'content_url'],
  sortable: ['id', 'title', 'position', 'created_at'],
  filterable: ['id', 'title', 'is_external', 'is_published', 'position'],
  storeSchema: MenuBody,
  updateSchema: MenuBody,
  roles: ADMIN_ONLY,
  exportColumns: ['id', 'title', 'content_url', 'redirect_url', 'is_external', 'position', 'is_published', 'status', 'created_at'],
});

export const subMenuResource = defineResource({
  name: 'web-page-sub-menu',
  table: 'web_page_sub_menus',
  columns: columnsOf('web_page_sub_menus', [...RECORD, ...MENU, 'web_page_menu_id']),
  searchable: ['title', 'content_url'],
  sortable: ['id', 'title', 'position', 'web_page_menu_id', 'created_at'],
  filterable: ['id', 'title', 'web_page_menu_id', 'is_external', 'is_published'],
  relations: { menu: { table: 'web_page_menus', foreignKey: 'web_page_menu_id', columns: ['title'] } },
  storeSchema: SubMenuBody,
  updateSchema: SubMenuBody,
  roles: ADMIN_ONLY,
  exportColumns: ['id', 'web_page_menu_id', 'title', 'content_url', 'redirect_url', 'is_external', 'position', 'is_published', 'status', 'created_at'],
});
