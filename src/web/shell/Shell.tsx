/**
 * Everything after login, loaded as its own chunk. The session gate of spec §4: the user is fetched
 * (POST /auth/me) before any section renders; without a session the login screen is shown.
 */
import '@mantine/core/styles.css';
import '../styles/print.css';
import { AppShell, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { use } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import type { PublicUser } from '../../common/schemas/user';
import { paths } from '../app/paths';
import { useSiteName } from '../app/siteName';
import { useSession } from '../auth/session';
import { FullPageLoader } from '../components/FullPageLoader';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { failureMessage } from '../components/notify';
import { useLastRoute } from './lastRoute';
import { Navigation } from './Navigation';
import { ShellRoutes } from './ShellRoutes';
import { shellTextReady } from './texts';
import { useLogout } from './useLogout';
import { UserMenu } from './UserMenu';

function ShellLayout({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const [navOpened, nav] = useDisclosure(false);
  const logout = useLogout();
  const siteName = useSiteName();
  useLastRoute(user.id);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      bg="gray.0"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={t('nav.open')} />
            {/* Two lines on a phone rather than a cut name ('Scholarship Exa…'). */}
            <Text component={Link} to={paths.dashboard} fw={600} c="teal.9" fz={{ base: 'sm', sm: 'md' }} lh={1.25} lineClamp={2}>
              {siteName}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <UserMenu user={user} onLogout={logout} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={t('nav.label')}>
        <Navigation role={user.role} onNavigate={nav.close} onLogout={logout} />
      </AppShell.Navbar>
      <AppShell.Main>
        <ShellRoutes role={user.role} />
      </AppShell.Main>
    </AppShell>
  );
}

export default function Shell() {
  // The back office's English text, when English is shown (Bengali is part of this chunk).
  if (shellTextReady) use(shellTextReady);
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoader />;
  if (session.isError) {
    return (
      <Stack mih="100dvh" align="center" justify="center" p="md" ta="center">
        <Text>{failureMessage(session.error)}</Text>
        <Button onClick={() => void session.refetch()}>{t('common.retry')}</Button>
      </Stack>
    );
  }
  // The login screen sends the user on to where they meant to go (a deep link opened while logged out).
  if (!session.data) return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return (
    <ModalsProvider>
      <ShellLayout user={session.data} />
    </ModalsProvider>
  );
}
