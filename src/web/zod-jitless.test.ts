import { expect, test, vi } from 'vitest';

test('zod builds and parses an object without probing for eval once zod-jitless has run', async () => {
  await import('./zod-jitless');
  const probe = vi.spyOn(globalThis, 'Function');
  const { z } = await import('zod');
  expect(z.object({ name: z.string() }).parse({ name: 'রহিম' })).toEqual({ name: 'রহিম' });
  expect(probe).not.toHaveBeenCalled();
  expect(z.config().jitless).toBe(true);
});
