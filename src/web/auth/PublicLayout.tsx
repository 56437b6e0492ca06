/**
 * The frame of login, registration and password reset. It asks the server whether a session exists
 * and shows a loader until it answers (architecture §5: no fixed wait); a logged-in user goes on to
 * the Dashboard, or to the screen a deep link meant.
 */
import { Box, Group, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../app/paths';
import { useSiteName } from '../app/siteName';
import { FullPageLoader } from '../components/FullPageLoader';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { useSession } from './session';

/** Where the shell sent a logged-out visitor from; only a path of this app. */
function intendedRoute(state: unknown): string | undefined {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && /^\/(?![/\\])/.test(from) ? from : undefined;
}

export function PublicLayout() {
  const session = useSession();
  const location = useLocation();
  const siteName = useSiteName();
  if (session.isPending) return <FullPageLoader />;
  if (session.data) {
    // The router moves on in a transition, which keeps this element on screen while the shell's code
    // loads: the loader, not an empty page, is what a slow phone shows meanwhile.
    return (
      <>
        <Navigate to={intendedRoute(location.state) ?? paths.dashboard} replace />
        <FullPageLoader />
      </>
    );
  }
  return (
    <Box mih="100dvh" bg="gray.0">
      <Group
        component="header"
        justify="space-between"
        wrap="nowrap"
        px="md"
        py="sm"
        bg="white"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text fw={600} c="teal.9" truncate>
          {siteName}
        </Text>
        <LanguageSwitch />
      </Group>
      <Box component="main" px={{ base: 'xs', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
        <Suspense fallback={<FullPageLoader minHeight={240} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
