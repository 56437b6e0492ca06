/** Settings root (spec §2): every group as a card listing its sub groups, each a link to its form. */
import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SettingGroup } from '../../../common/schemas/settings';
import { settingsUpdatePath } from './settingsForm';

export function SettingsOverview({ base, groups }: { base: string; groups: readonly SettingGroup[] }) {
  const { t } = useTranslation();
  if (groups.length === 0)
    return (
      <Paper withBorder p="lg" data-testid="settings-empty">
        <Text c="dimmed">{t('settings.empty')}</Text>
      </Paper>
    );

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('settings.overviewLead')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="settings-overview">
        {groups.map((group) => (
          <Paper key={group.id} withBorder p="md" component="section" aria-labelledby={`settings-group-${group.id}`}>
            <Title order={2} size="h5" id={`settings-group-${group.id}`} mb="xs">
              {group.title}
            </Title>
            {group.sub_group.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('settings.emptyGroup')}
              </Text>
            ) : (
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                {group.sub_group.map((sub) => (
                  <li key={sub.id}>
                    <Anchor
                      component={Link}
                      to={settingsUpdatePath(base, group.id, sub.id)}
                      size="sm"
                      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minHeight: 32 }}
                    >
                      <IconChevronRight size={14} aria-hidden />
                      {sub.title}
                    </Anchor>
                  </li>
                ))}
              </Stack>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
