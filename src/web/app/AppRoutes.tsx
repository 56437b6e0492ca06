/**
 * Top-level routes. The login screen and registration's frame are in the entry bundle; registration's form, password reset and the
 * whole shell (with its own section routes, src/web/shell/sections.ts) are loaded on demand.
 * Declarative routing: the shell's server state lives in TanStack Query, so the data router's
 * loaders would only add weight to the login screen.
 */
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoginPage } from '../auth/LoginPage';
import { PublicLayout } from '../auth/PublicLayout';
import { RegisterPage } from '../auth/RegisterPage';
import { FullPageLoader } from '../components/FullPageLoader';
import { NavigationEffects } from './NavigationEffects';
import { paths } from './paths';
import { loadShell } from './shellChunks';

const PasswordResetPage = lazy(() => import('../auth/PasswordResetPage'));
/** The shell inside the server-state cache its screens use; the two chunks load side by side. */
const Shell = lazy(async () => {
  const [{ default: ShellScreen }, { QueryProvider }] = await loadShell();
  return {
    default: function ShellWithQuery() {
      return (
        <QueryProvider>
          <ShellScreen />
        </QueryProvider>
      );
    },
  };
});

export function AppRoutes() {
  return (
    <BrowserRouter>
      <NavigationEffects />
      <Suspense fallback={<FullPageLoader />}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path={paths.login} element={<LoginPage />} />
            <Route path={paths.register} element={<RegisterPage />} />
            <Route path={paths.passwordReset} element={<PasswordResetPage />} />
          </Route>
          <Route path="*" element={<Shell />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
