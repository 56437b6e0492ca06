/**
 * Dashboard (spec §2): the welcome and a reminder to change a temporary password, then
 * - for an institute: quick links, its results (once published), its admit cards (once published), its numbers (registrations, boys, girls, fee, paid, due, pending),
 *   the per-class table, the profile card and its registration list;
 * - for an admin: the same numbers across institutes, boys and girls per class as a chart and a
 *   table, the results analytics (once processed), the per-institute list, and the profile card.
 */
import { Alert, Anchor, Button, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconList, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../common/constants';
import type { PublicUser } from '../../../common/schemas/user';
import { useCurrentUser } from '../../auth/session';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadFailed } from '../../components/LoadFailed';
import { useLanguage } from '../../i18n';
import { sectionPath } from '../../shell/sections';
import { ClassTable, SeasonBanner, StatCards } from './AnalyticsBlocks';
import { analyticsQuery, type InstitutePage } from '../../api/analytics';
import { AdmitCardsPanel } from '../../documents/AdmitCards';
import { twoFactorQuery } from '../../api/twoFactor';
import { displayName } from '../../institute/instituteNames';
import { InstituteTable } from './InstituteTable';
import { ProfileCard } from './ProfileCard';

const ClassChart = lazy(() => import('./ClassChart'));

function QuickLinks() {
  const { t } = useTranslation();
  const registrations = sectionPath('registrations');
  const links = [
    { to: `${registrations}/create`, label: t('analytics.links.register'), icon: IconUserPlus, variant: 'filled' },
    { to: registrations, label: t('analytics.links.list'), icon: IconList, variant: 'default' },
    { to: `${sectionPath('payments')}/create`, label: t('analytics.links.deposit'), icon: IconCash, variant: 'default' },
  ] as const;
  return (
    <nav aria-label={t('analytics.quickLinks')} data-testid="quick-links">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {links.map((link) => (
          <Button key={link.to} component={Link} to={link.to} variant={link.variant} size="md" leftSection={<link.icon size={20} aria-hidden />} fullWidth>
            {link.label}
          </Button>
        ))}
      </SimpleGrid>
    </nav>
  );
}

const NumbersSkeleton = () => <Skeleton h={220} radius="md" />;

function InstituteDashboard({ user, students, results }: { user: PublicUser; students: ReactNode; results: ReactNode }) {
  const { t } = useTranslation();
  const analytics = useQuery(analyticsQuery());

  return (
    <>
      <QuickLinks />
      <Suspense fallback={null}>{results}</Suspense>
      <AdmitCardsPanel />
      {analytics.data ? (
        <>
          <SeasonBanner analytics={analytics.data} />
          <StatCards analytics={analytics.data} title={t('analytics.cardsTitle')} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ClassTable analytics={analytics.data} />
            <ProfileCard user={user} />
          </SimpleGrid>
        </>
      ) : analytics.isError ? (
        <>
          <LoadFailed title={t('analytics.loadFailed')} error={analytics.error} retry={() => void analytics.refetch()} />
          <ProfileCard user={user} />
        </>
      ) : (
        <>
          <NumbersSkeleton />
          <ProfileCard user={user} />
        </>
      )}
      <Suspense fallback={<FullPageLoader minHeight={160} />}>{students}</Suspense>
    </>
  );
}

function AdminDashboard({ user, results }: { user: PublicUser; results: ReactNode }) {
  const { t } = useTranslation();
  const [institutes, setInstitutes] = useState<InstitutePage>({ page: 1, paginate: DEFAULT_PAGE_SIZE, search: '' });
  const analytics = useQuery(analyticsQuery(institutes));

  return (
    <>
      {analytics.data ? (
        <>
          <SeasonBanner analytics={analytics.data} />
          <StatCards analytics={analytics.data} title={t('analytics.cardsTitleAdmin')} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Suspense fallback={<Paper withBorder mih={220} />}>
              <ClassChart rows={analytics.data.analytics} />
            </Suspense>
            <ClassTable analytics={analytics.data} />
          </SimpleGrid>
          <Suspense fallback={null}>{results}</Suspense>
          <InstituteTable page={analytics.data.institutes} state={institutes} onChange={setInstitutes} loading={analytics.isFetching} />
        </>
      ) : analytics.isError ? (
        <LoadFailed title={t('analytics.loadFailed')} error={analytics.error} retry={() => void analytics.refetch()} />
      ) : (
        <NumbersSkeleton />
      )}
      <ProfileCard user={user} />
    </>
  );
}

/** An admin the two-factor policy stops sees only the way to enrol (the server refuses the rest). */
function AdminHome({ user, results }: { user: PublicUser; results: ReactNode }) {
  const { t } = useTranslation();
  const twoFactor = useQuery(twoFactorQuery);
  if (twoFactor.isPending) return <FullPageLoader minHeight={240} />;
  if (!twoFactor.data?.must_enrol) return <AdminDashboard user={user} results={results} />;
  return (
    <Alert color="orange" variant="light" title={t('dashboard.mustEnrolTitle')} icon={<IconAlertTriangle aria-hidden />} data-testid="must-enrol">
      <Text size="sm">{t('dashboard.mustEnrol')}</Text>
      <Anchor component={Link} to={`${sectionPath('profile')}/two-factor`} size="sm" fw={600}>
        {t('dashboard.mustEnrolLink')}
      </Anchor>
    </Alert>
  );
}

/**
 * `students` is the institute's registration list, which the registrations feature draws, and `results`
 * results day's panel, which the results feature draws (src/web/shell/DashboardScreen.tsx).
 */
export default function DashboardPage({ students, results }: { students: ReactNode; results: ReactNode }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useCurrentUser();

  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {t('dashboard.welcome', { name: displayName(user, lang) })}
        </Title>
        <Text c="dimmed" mt={4}>
          {user.role === 'admin' ? t('dashboard.introAdmin') : t('dashboard.intro')}
        </Text>
      </div>
      {user.must_change_password && (
        <Alert
          color="orange"
          variant="light"
          title={t('dashboard.mustChangePasswordTitle')}
          icon={<IconAlertTriangle aria-hidden />}
          data-testid="must-change-password"
        >
          <Text size="sm">{t('dashboard.mustChangePassword')}</Text>
          <Anchor component={Link} to={sectionPath('profile')} size="sm" fw={600}>
            {t('dashboard.mustChangePasswordLink')}
          </Anchor>
        </Alert>
      )}
      {/* The server answers nothing else until the password is changed. */}
      {!user.must_change_password &&
        (user.role === 'admin' ? <AdminHome user={user} results={results} /> : <InstituteDashboard user={user} students={students} results={results} />)}
    </Stack>
  );
}
