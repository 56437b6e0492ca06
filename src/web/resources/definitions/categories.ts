/** Blog, news and notice categories (spec §2 Website management): CRUD only, one title each. */
import { CategoryBody } from '../../../common/schemas/content';
import { idColumn, idDetail, statusColumn } from '../columns';
import { defineResource, type ResourceConfig } from '../defineResource';
import type { CategoryRow } from '../rows';

const category = (name: string, section: ResourceConfig<CategoryRow>['section'], text: ResourceConfig<CategoryRow>['text'], exportTitle: string) =>
  defineResource<CategoryRow>({
    name,
    section,
    text,
    list: { columns: [idColumn, { key: 'title', label: 'title' }, statusColumn], exportTitle },
    form: { schema: CategoryBody, values: (row) => ({ title: row?.title ?? '' }), fields: [{ kind: 'text', name: 'title', label: 'category_title' }] },
    details: { rows: [idDetail, { label: 'title', value: (row) => row.title }] },
    rowLabel: (row) => row.title,
  });

export const blogCategories = category('blog-categories', 'blogCategories', 'blogCategories', 'blog-category-list');
export const newsCategories = category('news-categories', 'newsCategories', 'newsCategories', 'news-category-list');
export const noticeCategories = category('notice-categories', 'noticeCategories', 'noticeCategories', 'notice-category-list');
