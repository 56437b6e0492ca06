import { describe, expect, it } from 'vitest';
import { postsFolder, siteAddress } from './postsFolder';

describe('editor image folder', () => {
  it('names the day in Bangladesh, which starts six hours before UTC midnight', () => {
    expect(postsFolder(new Date('2026-11-21T17:59:00Z'))).toBe('posts/2026/11/21');
    expect(postsFolder(new Date('2026-11-21T18:00:00Z'))).toBe('posts/2026/11/22');
    expect(postsFolder(new Date('2026-02-03T01:00:00Z'))).toBe('posts/2026/02/03');
  });

  it('makes a stored path site-relative with one leading slash', () => {
    expect(siteAddress('uploads/posts/2026/11/22/a.webp')).toBe('/uploads/posts/2026/11/22/a.webp');
    expect(siteAddress('/uploads/x.png')).toBe('/uploads/x.png');
  });
});
