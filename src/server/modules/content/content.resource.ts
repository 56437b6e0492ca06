/** Website-management resources (spec §2, §3): menus, sub menus and the three category kinds. Admin only. */
import { CategoryBody, CategoryRow, MenuBody, MenuRow, SubMenuBody, SubMenuRow } from '../../../common/schemas/content.js';
import { withRow } from '../../../common/resources.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';

const RECORD = ['id', 'creator', 'slug', 'status', 'created_at', 'updated_at'] as const;
const MENU = ['title', 'content_url', 'redirect_url', 'is_external', 'position', 'is_published'] as const;

export const categoryResources = (['blog', 'news', 'notice'] as const).map((kind) =>
  defineResource({
    ...withRow(`${kind}Categories`, CategoryRow),
    columns: columnsOf(`${kind}_categories`, [...RECORD, 'title']),
    searchable: ['title'],
    sortable: ['id', 'title', 'created_at'],
    filterable: ['id', 'title', 'created_at'],
    storeSchema: CategoryBody,
    updateSchema: CategoryBody,
    exportColumns: ['id', 'title', 'slug', 'status', 'created_at', 'updated_at'],
  }),
);

export const menuResource = defineResource({
  ...withRow('menus', MenuRow),
  table: 'web_page_menus',
  versions: () => ['menus'],
  columns: columnsOf('web_page_menus', [...RECORD, ...MENU]),
  searchable: ['title', 'content_url'],
  sortable: ['id', 'title', 'position', 'created_at'],
  filterable: ['id', 'title', 'is_external', 'is_published', 'position'],
  storeSchema: MenuBody,
  updateSchema: MenuBody,
  exportColumns: ['id', 'title', 'content_url', 'redirect_url', 'is_external', 'position', 'is_published', 'status', 'created_at'],
});

export const subMenuResource = defineResource({
  ...withRow('subMenus', SubMenuRow),
  table: 'web_page_sub_menus',
  versions: () => ['menus'],
  columns: columnsOf('web_page_sub_menus', [...RECORD, ...MENU, 'web_page_menu_id']),
  searchable: ['title', 'content_url'],
  sortable: ['id', 'title', 'position', 'web_page_menu_id', 'created_at'],
  filterable: ['id', 'title', 'web_page_menu_id', 'is_external', 'is_published'],
  relations: { menu: { table: 'web_page_menus', foreignKey: 'web_page_menu_id', columns: ['title'] } },
  storeSchema: SubMenuBody,
  updateSchema: SubMenuBody,
  exportColumns: ['id', 'web_page_menu_id', 'title', 'content_url', 'redirect_url', 'is_external', 'position', 'is_published', 'status', 'created_at'],
});
