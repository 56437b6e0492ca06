/** When a failed call is worth repeating, shared by the Query cache and the session check. */
import { ApiError } from '../api/client';

/** Only a failure that may pass on its own (no answer, or a server error) is worth repeating. */
export const isTransient = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** Whether to try again after `failures` failed attempts (0 after the first): two more tries at most. */
export const shouldRetry = (failures: number, error: unknown) => isTransient(error) && failures < 2;

/** The wait before the next try: 1 s, then 2 s (TanStack Query's default backoff). */
export const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);
