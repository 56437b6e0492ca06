/** Providers every screen relies on: theme, toasts, server-state cache and the routes. */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastHost } from '../components/ToastHost';
import { AppRoutes } from './AppRoutes';
import { queryClient } from './queryClient';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme}>
      <ToastHost />
      <QueryClientProvider client={queryClient}>
        <AppRoutes />
      </QueryClientProvider>
    </MantineProvider>
  );
}
