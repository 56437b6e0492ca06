/** Blog, news and notice categories (spec §2 Website management): CRUD only, one title each. */
import { CategoryBody } from '../../../common/schemas/content';
import { idColumn, idDetail, statusColumn } from '../../resources/columns';
import { defineResource } from '../../resources/defineResource';
import type { ListRowOf } from '../../../common/resources';

type CategoryRow = ListRowOf<'blogCategories'>;

/** The three kinds share one shape: the same key names the resource, the shell section and the texts. */
const category = (key: 'blogCategories' | 'newsCategories' | 'noticeCategories', exportTitle: string) =>
  defineResource<CategoryRow>({
    resource: key,
    section: key,
    text: key,
    list: { columns: [idColumn, { key: 'title', label: 'title', priority: 1 }, statusColumn], exportTitle },
    form: { schema: CategoryBody, values: (row) => ({ title: row?.title ?? '' }), fields: [{ kind: 'text', name: 'title', label: 'category_title' }] },
    details: { rows: [idDetail, { label: 'title', value: (row) => row.title }] },
    rowLabel: (row) => row.title,
  });

export const blogCategories = category('blogCategories', 'blog-category-list');
export const newsCategories = category('newsCategories', 'news-category-list');
export const noticeCategories = category('noticeCategories', 'notice-category-list');
