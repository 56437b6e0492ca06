import { describe, expect, it } from 'vitest';
import { firstPathSegment, isReservedPath } from '../../common/site-paths';
import { paths } from '../app/paths';
import { sections } from './sections';

/** A public page at `/{url}` must never hide a screen of the client (architecture §5). */
describe('the paths a page url may not take', () => {
  it('include the first segment of every shell section', () => {
    for (const section of sections.filter((s) => s.path !== '/')) {
      expect(isReservedPath(section.path), section.path).toBe(true);
    }
  });

  it('include every screen and file outside the shell', () => {
    for (const path of Object.values(paths).filter((p) => p !== '/')) {
      expect(isReservedPath(path), path).toBe(true);
    }
    const publicFiles = Object.keys(import.meta.glob('../public/*')).map((file) => file.replace('../public/', ''));
    expect(publicFiles.length).toBeGreaterThan(0);
    for (const file of publicFiles) expect(isReservedPath(file), file).toBe(true);
  });

  it('leave ordinary page urls free, whatever their case', () => {
    expect(isReservedPath('about-us')).toBe(false);
    expect(isReservedPath('নোটিশ/ফলাফল')).toBe(false);
    expect(isReservedPath('LOGIN/help')).toBe(true);
    expect(firstPathSegment('/api/v1/x?y=1')).toBe('api');
  });
});
