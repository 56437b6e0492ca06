/**
 * Every stored link follows one rule (src/common/links.ts): backslash and whitespace tricks that
 * browsers read as `//evil.example` are refused in menus, sub menus, pages' source links and
 * institutes' website addresses, and dropped from links inside page HTML.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => t.close());

const TRICKS = ['/\\evil.example', '/\t/evil.example', '\\\\evil.example', 'https:\\\\evil.example'];

describe('stored links', () => {
  it.each(TRICKS)('%j is a 422 in every link field', async (link) => {
    const menu = await admin.post('/api/v1/web-page-menu/store', { title: 'Menu', content_url: '/menu' });
    const menuId = (menu.body.data as { id: number }).id;
    const fields: [string, Record<string, unknown>, string][] = [
      ['web-page-menu', { title: 'M', content_url: link }, 'content_url'],
      ['web-page-menu', { title: 'M', content_url: '/ok', redirect_url: link }, 'redirect_url'],
      ['web-page-sub-menu', { title: 'S', content_url: link, web_page_menu_id: menuId }, 'content_url'],
      ['web-page-sub-menu', { title: 'S', content_url: '/ok', redirect_url: link, web_page_menu_id: menuId }, 'redirect_url'],
      [
        'page-build',
        { title: 'P', url: 'links-page', published_at: '2026-11-22T10:30', source_files_url: `https://ok.example/a, ${link}` },
        'source_files_url',
      ],
      ['users', validRegistration(930, { website: link }), 'website'],
    ];
    for (const [resource, body, field] of fields) {
      const res = await admin.post(`/api/v1/${resource}/store`, body);
      expect(res.status, `${resource}.${field}`).toBe(422);
      expect(Object.keys(res.body.data as object), `${resource}.${field}`).toContain(field);
    }
  });

  it('drops such links from page HTML and keeps the good ones', async () => {
    const content = TRICKS.map((link, i) => `<p><a href="${link.replaceAll('\t', '&#9;')}">bad ${i}</a> <a href="/about">good</a></p>`).join('');
    const res = await admin.post('/api/v1/page-build/store', { title: 'P', url: 'html-links', published_at: '2026-11-22T10:30', content });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = (res.body.data as { content: string }).content;
    expect(stored).not.toContain('evil.example');
    expect(stored.match(/href="\/about"/g)).toHaveLength(TRICKS.length);
  });
});
