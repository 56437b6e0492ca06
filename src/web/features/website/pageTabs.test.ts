import { describe, expect, it } from 'vitest';
import { tabOf, tabWithError } from './pageTabs';

describe('page form tabs', () => {
  it('finds the tab of a field, nested names included', () => {
    expect(tabOf('meta_keywords')).toBe('seo');
    expect(tabOf('og_image')).toBe('og');
    expect(tabOf('content_file')).toBe('resource');
    expect(tabOf('notice_category_id')).toBe('details');
    expect(tabOf('content')).toBeUndefined();
  });

  it('picks the first tab in their order that has a message, whatever order the messages came in', () => {
    expect(tabWithError(['content_file', 'og_description', 'meta_title'])).toBe('seo');
    expect(tabWithError(['source_files_url', 'url'])).toBe('details');
    expect(tabWithError(['content'])).toBeUndefined();
  });
});
