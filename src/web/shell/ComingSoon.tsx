/** What a section shows until the issue that builds it lands: its name and a 'coming soon' note. */
import { Stack, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MessagePanel } from './MessagePanel';

export function ComingSoon({ sectionTitle }: { sectionTitle: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={1} size="h3">
        {sectionTitle}
      </Title>
      <MessagePanel icon={<IconHourglassHigh size={30} />} color="gray" title={t('comingSoon.title')} body={t('comingSoon.body')} headingOrder={2} testId="coming-soon" />
    </Stack>
  );
}
