/**
 * Providers every screen relies on: theme, toasts and the routes. The server-state cache (TanStack
 * Query) is the shell's own (AppRoutes), so the login screen does not download it.
 */
import { MantineProvider } from '@mantine/core';
import { ToastHost } from '../components/ToastHost';
import { AppRoutes } from './AppRoutes';
import { refreshSiteName, SiteTitle } from './siteName';
import { cssVariables, theme } from './theme';

void refreshSiteName();

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <ToastHost />
      <SiteTitle />
      <AppRoutes />
    </MantineProvider>
  );
}
