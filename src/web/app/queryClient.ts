/** Server state cache shared by every screen. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Only a failure that may pass on its own (no answer, or a server error) is worth repeating. */
const isTransient = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => isTransient(error) && failureCount < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});
