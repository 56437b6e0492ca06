/** Server state cache shared by the shell's screens (the public screens do not load it). */
import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from '../auth/session';
import { retryDelay, shouldRetry } from './transient';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      retryDelay,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

// Nothing cached for one account may show for the next.
onSessionEnd(() => queryClient.removeQueries());
