/**
 * The session (spec §4): the logged-in user is the answer of POST /auth/me for the stored token,
 * cached by TanStack Query; logging in or out rewrites that cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '../../common/schemas/user';
import { ApiError } from '../api/client';
import { forgetToken, readToken, saveToken } from '../api/token';
import { queryClient } from '../app/queryClient';
import { authApi } from './api';

async function fetchSessionUser(signal: AbortSignal): Promise<PublicUser | null> {
  if (!readToken()) return null;
  try {
    return (await authApi.me(signal)).data.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      forgetToken();
      return null;
    }
    throw error;
  }
}

const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => fetchSessionUser(signal),
  // Changes only through startSession/endSession.
  staleTime: Infinity,
});

/** `data` is the user, null when nobody is logged in, undefined while the check runs. */
export function useSession() {
  return useQuery(sessionQuery);
}

export function startSession(user: PublicUser, token: string): void {
  saveToken(token);
  queryClient.setQueryData(sessionQuery.queryKey, user);
}

/** Forgets the token and everything cached for the account; the layouts then show the login screen. */
export function endSession(): void {
  forgetToken();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] });
  queryClient.setQueryData(sessionQuery.queryKey, null);
}

/** The logged-in user, inside the shell (which renders nothing before the session is known). */
export function useCurrentUser(): PublicUser {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser is only for screens inside the shell');
  return data;
}

/** The logged-in user changed their own account (profile update): the shell shows the new values. */
export function updateSessionUser(user: PublicUser): void {
  queryClient.setQueryData(sessionQuery.queryKey, user);
}

/** Asks the server for the logged-in user again (after a password change clears must_change_password). */
export function refreshSession(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
}
