/** The public website's menus and sub menus (spec §2, §3, §5). */
import { Anchor } from '@mantine/core';
import { MenuBody, SubMenuBody } from '../../../common/schemas/content';
import { idColumn, idDetail, showId, stampDetails, statusColumn, YesNo } from '../../resources/columns';
import { defineResource } from '../../resources/defineResource';
import type { ListRowOf } from '../../../common/resources';
import type { FormValues } from '../../components/forms/useApiForm';
import type { Column, DetailRow, FieldSpec } from '../../resources/types';

type MenuRow = ListRowOf<'menus'>;
type SubMenuRow = ListRowOf<'subMenus'>;

const link = (url: string | null) =>
  url ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" lang="en" style={{ overflowWrap: 'anywhere' }}>
      {url}
    </Anchor>
  ) : null;

const position = (row: MenuRow, context: Parameters<typeof showId>[1]) => (row.position === null ? '—' : showId(row.position, context));

const menuColumns: readonly Column<MenuRow>[] = [
  { key: 'content_url', label: 'content_url', render: (row) => link(row.content_url), priority: 3 },
  { key: 'position', label: 'position', render: position, nowrap: true },
  { key: 'is_published', label: 'is_published', render: (row, context) => <YesNo value={row.is_published} context={context} />, nowrap: true },
  statusColumn,
];

const menuFields: readonly FieldSpec[] = [
  { kind: 'text', name: 'title', label: 'title' },
  { kind: 'url', name: 'content_url', label: 'content_url' },
  { kind: 'url', name: 'redirect_url', label: 'redirect_url' },
  { kind: 'number', name: 'position', label: 'position' },
  { kind: 'switch', name: 'is_published', label: 'is_published' },
  { kind: 'switch', name: 'is_external', label: 'is_external' },
];

const menuValues = (row?: MenuRow): FormValues => ({
  title: row?.title ?? '',
  content_url: row?.content_url ?? '',
  redirect_url: row?.redirect_url ?? '',
  position: row?.position === null || row?.position === undefined ? '' : String(row.position),
  // A new menu is published unless the admin says otherwise.
  is_published: row ? String(row.is_published) : '1',
  is_external: row ? String(row.is_external) : '0',
});

const menuDetails: readonly DetailRow<MenuRow>[] = [
  { label: 'title', value: (row) => row.title },
  { label: 'content_url', value: (row) => link(row.content_url) },
  { label: 'redirect_url', value: (row) => link(row.redirect_url) },
  { label: 'is_external', value: (row, context) => <YesNo value={row.is_external} context={context} /> },
  { label: 'position', value: position },
  { label: 'is_published', value: (row, context) => <YesNo value={row.is_published} context={context} /> },
  { label: 'slug', value: (row) => row.slug },
  ...stampDetails,
];

export const webPageMenu = defineResource<MenuRow>({
  resource: 'menus',
  section: 'webPageMenu',
  text: 'webPageMenu',
  list: { columns: [idColumn, { key: 'title', label: 'title', priority: 1 }, ...menuColumns], exportTitle: 'webpage-menu-list' },
  form: { schema: MenuBody, values: menuValues, fields: menuFields },
  details: { rows: [idDetail, ...menuDetails] },
  rowLabel: (row) => row.title,
});

const menuOf = (row: SubMenuRow) => row.menu?.title ?? `#${row.web_page_menu_id}`;

export const webPageSubMenu = defineResource<SubMenuRow>({
  resource: 'subMenus',
  section: 'webPageSubMenu',
  text: 'webPageSubMenu',
  list: {
    columns: [idColumn, { key: 'title', label: 'title', priority: 1 }, { key: 'menu', label: 'menu', render: menuOf }, ...menuColumns],
    // Spec §7: the sub menu list asks for its menu's title.
    relations: ['menu'],
    exportTitle: 'webpage-sub-menu-list',
  },
  form: {
    schema: SubMenuBody,
    values: (row) => ({ web_page_menu_id: row ? String(row.web_page_menu_id) : '', ...menuValues(row) }),
    fields: [
      {
        kind: 'resource',
        name: 'web_page_menu_id',
        label: 'web_page_menu_id',
        api: '/v1/web-page-menu',
        queryKey: 'web-page-menu',
        optionLabel: (row) => String(row.title),
      },
      ...menuFields,
    ],
  },
  details: { rows: [idDetail, { label: 'menu', value: menuOf }, ...menuDetails] },
  rowLabel: (row) => row.title,
});
