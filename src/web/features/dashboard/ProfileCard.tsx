/** The dashboard's profile card: who is logged in and how to reach them. */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../common/schemas/user';
import { useLanguage } from '../../i18n';
import { formatDate, localizeDigits } from '../../i18n/format';
import { PhoneLink } from '../../components/PhoneLink';
import { UserIdentity } from '../../components/UserIdentity';
import { usePlaceNames } from '../../institute/instituteNames';

export function ProfileCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const places = usePlaceNames(user, lang);
  const postOffice = user.post_office && t('profileCard.postOffice', { name: user.post_office });
  const address = [user.holding_no, user.union, postOffice, ...places].filter(Boolean).join(', ');

  const facts: [label: string, value: ReactNode][] = [
    [t(user.role === 'admin' ? 'profileCard.userId' : 'profileCard.uid'), localizeDigits(user.uid, lang)],
    [t('profileCard.mobile'), user.phone_number && <PhoneLink number={user.phone_number} size="sm" />],
    [t('profileCard.email'), user.email],
    [t('profileCard.since'), formatDate(user.created_at, lang)],
    [t('profileCard.address'), address || null],
  ];

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="profile-card">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('profileCard.title')}
        </Title>
        <UserIdentity user={user} />
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="sm" m={0}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value || t('profileCard.missing')}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
