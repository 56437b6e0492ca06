/**
 * The session (spec §4): the logged-in user is the answer of POST /auth/me for the stored token;
 * logging in or out replaces it. A small store of its own rather than a TanStack Query entry: the
 * public screens only ask "is anyone logged in", and Query would be a sixth of their download (the
 * benchmark's budget for a slow phone). The shell's Query cache empties itself through onSessionEnd. The states and the retries
 * follow what the Query entry did, so the shell reads it the same way.
 */
import { useSyncExternalStore } from 'react';
import type { PublicUser } from '../../common/schemas/user';
import { ApiError } from '../api/client';
import { forgetToken, readToken, saveToken } from '../api/token';
import { retryDelay, shouldRetry } from '../app/transient';
import { authApi } from './api';

/** `data` is the user, null when nobody is logged in, undefined until the first check answers. */
type SessionState =
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: PublicUser | null; error: null }
  | { status: 'error'; data: PublicUser | null | undefined; error: unknown };

const PENDING: SessionState = { status: 'pending', data: undefined, error: null };
const signedIn = (user: PublicUser | null): SessionState => ({ status: 'success', data: user, error: null });

// Without a token nobody is logged in, known at once: the login screen needs no loader then.
let state: SessionState = readToken() ? PENDING : signedIn(null);
let checked = !readToken();
/** Bumped by every change, so that an older check's late answer is dropped. */
let generation = 0;
const listeners = new Set<() => void>();
/**
 * Why the server ended the last session (a deactivated account), for the login screen; gone after a
 * logout or a login. Kept in sessionStorage so that a reload of the login screen still says it: the
 * open page may have learnt it from any call before the user reloads.
 */
const END_REASON_KEY = 'session_end_reason';
function rememberEndReason(reason: string | null | undefined): void {
  if (reason) sessionStorage.setItem(END_REASON_KEY, reason);
  else sessionStorage.removeItem(END_REASON_KEY);
}
const endListeners = new Set<() => void>();

function publish(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

async function fetchSessionUser(): Promise<PublicUser | null> {
  if (!readToken()) return null;
  try {
    return (await authApi.me()).data.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      rememberEndReason(error.message);
      forgetToken();
      return null;
    }
    throw error;
  }
}

/** Asks the server, retrying a failure that may pass; a user already known stays shown meanwhile. */
async function check(): Promise<void> {
  checked = true;
  const mine = ++generation;
  if (state.data === undefined && state.status !== 'pending') publish(PENDING);
  for (let failures = 0; ; failures++) {
    try {
      const user = await fetchSessionUser();
      if (mine === generation) publish(signedIn(user));
      return;
    } catch (error) {
      if (mine !== generation) return;
      if (!shouldRetry(failures, error)) {
        publish({ status: 'error', data: state.data, error });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
      if (mine !== generation) return;
    }
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // The first screen that asks starts the check.
  if (!checked) void check();
  return () => listeners.delete(listener);
}

const refetch = () => check();

export type Session = SessionState & { isPending: boolean; isError: boolean; refetch: () => Promise<void> };

/** The session, re-rendering the caller when it changes. */
export function useSession(): Session {
  const current = useSyncExternalStore(subscribe, () => state);
  return { ...current, isPending: current.status === 'pending', isError: current.status === 'error', refetch };
}

/** The session now, outside React. */
export function readSession(): SessionState {
  return state;
}

/** Runs `listener` whenever the session ends (logout, or a token the server no longer accepts). */
export function onSessionEnd(listener: () => void): void {
  endListeners.add(listener);
}

/** Why the server ended the last session, if it did. */
export function sessionEndReason(): string | null {
  return sessionStorage.getItem(END_REASON_KEY);
}

export function startSession(user: PublicUser, token: string): void {
  rememberEndReason(null);
  saveToken(token);
  checked = true;
  generation++;
  publish(signedIn(user));
}

/** Forgets the token and everything cached for the account; the layouts then show the login screen (with the server's reason when it ended the session). */
export function endSession(reason?: string): void {
  rememberEndReason(reason);
  forgetToken();
  for (const listener of endListeners) listener();
  checked = true;
  generation++;
  publish(signedIn(null));
}

/** The logged-in user, inside the shell (which renders nothing before the session is known). */
export function useCurrentUser(): PublicUser {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser is only for screens inside the shell');
  return data;
}

/** The logged-in user changed their own account (profile update): the shell shows the new values. */
export function updateSessionUser(user: PublicUser): void {
  publish(signedIn(user));
}

/** Asks the server for the logged-in user again (after a password change clears must_change_password). */
export function refreshSession(): Promise<void> {
  return check();
}
