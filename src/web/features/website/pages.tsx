/**
 * Page-build (spec §2 Website management): the website's pages, blogs, news and notices. The list
 * opens each page on the public site; the form and details are screens of their own
 * (src/web/pages), and every row offers the page builder.
 */
import { IconLayoutColumns } from '@tabler/icons-react';
import type { RowOf } from '../../../common/resources';
import { PageBody, publishedAtInput } from '../../../common/schemas/pages';
import { PageDetailsView } from './PageDetailsView';
import { PageFormBody } from './PageFormBody';
import { pageBuilderHref } from './pageBuilderHref';
import { PageLink } from './PageLink';
import { idColumn } from '../../resources/columns';
import { defineResource } from '../../resources/defineResource';
import type { FormValues } from '../../components/forms/useApiForm';

/** Its screens show fetched pages; its list asks for no more than it shows. */
type PageRow = RowOf<'pages'>;

const idText = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));

/**
 * The form's values: a new page is a plain page published now (Bangladesh time). The grid is not
 * among them: the page builder owns it, and an update without it keeps it.
 */
function pageValues(row?: PageRow): FormValues {
  const meta = row?.content_meta;
  return {
    title: row?.title ?? '',
    url: row?.url ?? '',
    published_at: publishedAtInput(row?.published_at ?? new Date().toISOString()),
    content: row?.content ?? '',
    content_type: meta?.content_type ?? 'page',
    blog_category_id: idText(meta?.blog_category_id),
    news_category_id: idText(meta?.news_category_id),
    notice_category_id: idText(meta?.notice_category_id),
    image: row?.image ?? '',
    meta_title: row?.meta_title ?? '',
    meta_description: row?.meta_description ?? '',
    meta_keywords: row?.meta_keywords ?? '',
    og_description: row?.og_description ?? '',
    og_image: row?.og_image ?? '',
    source_files_url: row?.source_files_url ?? '',
    content_file: row?.content_file ?? '',
  };
}

export const pageBuild = defineResource<PageRow>({
  resource: 'pages',
  section: 'pageBuild',
  text: 'pageBuild',
  list: {
    columns: [idColumn, { key: 'title', label: 'title', priority: 1 }, { key: 'url', label: 'url', render: (row) => <PageLink url={row.url} /> }],
    fields: ['id', 'title', 'url', 'status'],
    exportTitle: 'webpage-list',
    rowActions: (row, t) => [{ label: t('pages.openBuilder'), icon: IconLayoutColumns, to: pageBuilderHref(row.id) }],
  },
  form: { schema: PageBody, values: pageValues, Body: PageFormBody },
  details: { rows: [], print: true, View: PageDetailsView },
  rowLabel: (row) => row.title,
});
