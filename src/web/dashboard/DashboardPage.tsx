/**
 * Dashboard (spec §2): the welcome, a reminder to change a temporary password, and the profile
 * card. The analytics cards and the registration list come with their own issues.
 */
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/session';
import { useLanguage } from '../i18n';
import { sectionPath } from '../shell/sections';
import { displayName } from './instituteNames';
import { ProfileCard } from './ProfileCard';

export default function DashboardPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useCurrentUser();

  return (
    <Stack gap="lg" maw={960}>
      <div>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {t('dashboard.welcome', { name: displayName(user, lang) })}
        </Title>
        <Text c="dimmed" mt={4}>
          {user.role === 'admin' ? t('dashboard.introAdmin') : t('dashboard.intro')}
        </Text>
      </div>
      {user.must_change_password && (
        <Alert color="orange" variant="light" title={t('dashboard.mustChangePasswordTitle')} icon={<IconAlertTriangle aria-hidden />} data-testid="must-change-password">
          <Text size="sm">{t('dashboard.mustChangePassword')}</Text>
          <Anchor component={Link} to={sectionPath('profile')} size="sm" fw={600}>
            {t('dashboard.mustChangePasswordLink')}
          </Anchor>
        </Alert>
      )}
      <ProfileCard user={user} />
    </Stack>
  );
}
