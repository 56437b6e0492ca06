/** The session store against a stubbed fetch and localStorage: what the TanStack Query entry did before it. */
import { afterEach, expect, test, vi } from 'vitest';
import type { PublicUser } from '../../common/schemas/user';
import { stubBrowserStorage } from '../test/browser-storage';

const user = { id: 7, name: 'রহিম' } as unknown as PublicUser;
const ok = () => Response.json({ message: '', data: { user } });
const failing = (status: number) => () => Response.json({ message: 'x', data: null }, { status });

/** A fresh load of the module, as after a reload: the tab's sessionStorage may be carried over. */
async function loadSession(token: string | null, answers: Array<() => Response>, tab = new Map<string, string>()) {
  vi.resetModules();
  const stored = new Map<string, string>(token ? [['auth_token', token]] : []);
  stubBrowserStorage(stored, tab);
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => {
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer();
  });
  vi.stubGlobal('fetch', fetch);
  return { session: await import('./session'), fetch, stored, tab };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('without a stored token nobody is logged in, known at once and without asking the server', async () => {
  const { session, fetch } = await loadSession(null, []);
  expect(session.readSession()).toMatchObject({ status: 'success', data: null });
  await session.refreshSession();
  expect(fetch).not.toHaveBeenCalled();
  expect(session.readSession()).toMatchObject({ status: 'success', data: null });
});

test('a stored token is pending until /auth/me answers with the user', async () => {
  const { session, fetch } = await loadSession('tok', [ok]);
  expect(session.readSession()).toMatchObject({ status: 'pending', data: undefined });
  await session.refreshSession();
  expect(fetch).toHaveBeenCalledOnce();
  expect(fetch.mock.calls[0]![0]).toBe('/api/auth/me');
  expect((fetch.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBe('Bearer tok');
  expect(session.readSession()).toMatchObject({ status: 'success', data: user });
});

test('a token the server refuses (401) is forgotten: nobody is logged in', async () => {
  const { session, stored } = await loadSession('old', [failing(401)]);
  await session.refreshSession();
  expect(session.readSession()).toMatchObject({ status: 'success', data: null });
  expect(stored.has('auth_token')).toBe(false);
});

test('why the server ended a session is still told after a reload of the login screen, and forgotten at the next login', async () => {
  const inactive = () => Response.json({ message: 'এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।', data: null }, { status: 401 });
  const { session, tab } = await loadSession('tok', [inactive]);
  await session.refreshSession();
  expect(session.sessionEndReason()).toBe('এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।');
  const reloaded = await loadSession(null, [], tab);
  expect(reloaded.session.sessionEndReason()).toBe('এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।');
  reloaded.session.startSession(user, 'new');
  expect(reloaded.session.sessionEndReason()).toBeNull();
});

test('a session the server ended keeps its reason until a logout, which leaves none behind', async () => {
  const { session } = await loadSession('tok', []);
  session.endSession('এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।');
  expect(session.sessionEndReason()).toBe('এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।');
  session.endSession();
  expect(session.sessionEndReason()).toBeNull();
});

test('a server error is tried twice more, 1 s and 2 s apart, then shown as an error; the token stays', async () => {
  vi.useFakeTimers();
  const { session, fetch, stored } = await loadSession('tok', [failing(503), failing(503), failing(503)]);
  const done = session.refreshSession();
  await vi.advanceTimersByTimeAsync(999);
  expect(fetch).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(fetch).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(2000);
  await done;
  expect(fetch).toHaveBeenCalledTimes(3);
  expect(session.readSession()).toMatchObject({ status: 'error', data: undefined });
  expect(stored.get('auth_token')).toBe('tok');
});

test('an error other than a server error is not retried', async () => {
  const { session, fetch } = await loadSession('tok', [failing(403)]);
  await session.refreshSession();
  expect(fetch).toHaveBeenCalledOnce();
  expect(session.readSession().status).toBe('error');
});

test('a failed refresh keeps the user it had, as the Query entry did', async () => {
  vi.useFakeTimers();
  const { session } = await loadSession(null, [failing(500), failing(500), failing(500)]);
  session.startSession(user, 'tok');
  const done = session.refreshSession();
  expect(session.readSession()).toMatchObject({ status: 'success', data: user });
  await vi.advanceTimersByTimeAsync(3000);
  await done;
  expect(session.readSession()).toMatchObject({ status: 'error', data: user });
});

test('logging out runs the end listeners, forgets the token, and drops the answer of a check still running', async () => {
  let answer!: (response: Response) => void;
  const { session, stored } = await loadSession('tok', [() => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response]);
  const ended = vi.fn();
  session.onSessionEnd(ended);
  const running = session.refreshSession();
  await vi.waitFor(() => expect(answer).toBeDefined());
  session.endSession();
  expect(ended).toHaveBeenCalledOnce();
  expect(stored.has('auth_token')).toBe(false);
  answer(ok());
  await running;
  expect(session.readSession()).toMatchObject({ status: 'success', data: null });
});

test('logging in stores the token and the user at once', async () => {
  const { session, stored, fetch } = await loadSession(null, []);
  session.startSession(user, 'new');
  expect(stored.get('auth_token')).toBe('new');
  expect(session.readSession()).toMatchObject({ status: 'success', data: user });
  expect(fetch).not.toHaveBeenCalled();
});
