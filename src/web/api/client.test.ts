/** apiFetch's handling of a refused session, against a stubbed fetch and localStorage. */
import { afterEach, expect, test, vi } from 'vitest';
import { stubBrowserStorage } from '../test/browser-storage';

async function loadClient(answer: () => Response) {
  vi.resetModules();
  stubBrowserStorage(new Map([['auth_token', 'tok']]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const client = await import('./client');
  const ended = vi.fn();
  client.setUnauthorizedHandler(ended);
  return { client, ended };
}

afterEach(() => vi.unstubAllGlobals());

test('a 401 ends the session with the reason the server sent', async () => {
  const { client, ended } = await loadClient(() => Response.json({ message: 'এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।', data: null }, { status: 401 }));
  expect((await client.apiFetch('/v1/analytics')).status).toBe(401);
  expect(ended).toHaveBeenCalledExactlyOnceWith('এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।');
});

test('a 401 whose body was cut short ends nothing: the next call or check reads the reason', async () => {
  const cutShort = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"message":"এই অ্যাকা'));
      controller.error(new Error('aborted'));
    },
  });
  const { client, ended } = await loadClient(() => new Response(cutShort, { status: 401, statusText: 'Unauthorized' }));
  expect((await client.apiFetch('/v1/analytics')).status).toBe(401);
  expect(ended).not.toHaveBeenCalled();
});
