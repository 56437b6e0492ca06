import { describe, expect, it } from 'vitest';
import { isSitePath, isStoredLink, isWebAddress } from './links.js';

/** Links a browser would follow off the site, whatever the filter thought they were. */
const LEAVING = [
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  ' //evil.example',
  '/\u200b/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>',
  'https:\\\\evil.example',
  'https:/\\evil.example',
  'https://evil.example\\@good.example',
  'http://',
  'https://good.example/"onmouseover="x',
];

describe('the link rule', () => {
  it.each(LEAVING)('refuses %j everywhere', (link) => {
    expect(isStoredLink(link)).toBe(false);
    expect(isSitePath(link)).toBe(false);
    expect(isWebAddress(link)).toBe(false);
  });

  it('takes web addresses, site paths and relative paths', () => {
    for (const link of ['https://example.org/a?b=1#c', 'http://example.org', '/about', '/notice/12', 'about', 'notice/12', 'নোটিশ/১২']) {
      expect(isStoredLink(link), link).toBe(true);
    }
    expect(isWebAddress('https://example.org')).toBe(true);
    expect(isWebAddress('/about')).toBe(false);
    expect(isSitePath('/about')).toBe(true);
  });
});
