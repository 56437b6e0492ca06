/** The page form's four tabs (spec §2) and which of them holds each field. */
export const PAGE_TABS = ['details', 'seo', 'og', 'resource'] as const;
export type PageTab = (typeof PAGE_TABS)[number];

/** Which tab holds each field; the content editor is beside the tabs, never hidden. */
const TAB_OF: Record<string, PageTab> = {
  title: 'details',
  url: 'details',
  published_at: 'details',
  content_type: 'details',
  blog_category_id: 'details',
  news_category_id: 'details',
  notice_category_id: 'details',
  image: 'details',
  meta_title: 'seo',
  meta_description: 'seo',
  meta_keywords: 'seo',
  og_description: 'og',
  og_image: 'og',
  source_files_url: 'resource',
  content_file: 'resource',
};

export const tabOf = (path: string): PageTab | undefined => TAB_OF[path.split('.')[0] ?? ''];

/** The first tab, in their order, that holds one of these fields. */
export function tabWithError(paths: readonly string[]): PageTab | undefined {
  const tabs = new Set(paths.map(tabOf));
  return PAGE_TABS.find((tab) => tabs.has(tab));
}
