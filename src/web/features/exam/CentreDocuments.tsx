/**
 * A centre's papers for exam day, under its details, for admins: the admit cards
 * of every student seated there, and the room sheets (attendance and the seat chart for the door).
 */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { startAdmitCards, startCentreSheets } from '../../documents/api';
import { DocumentButton } from '../../documents/DocumentButton';
import type { CentreRow } from './centres';

export function CentreDocuments({ row }: { row: CentreRow }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-hide" data-testid="centre-documents">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('centres.documents')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DocumentButton
            label={t('centres.admitCards')}
            start={() => startAdmitCards({ centre_id: row.id })}
            fileName={`admit-cards-centre-${row.id}.pdf`}
            testId="centre-admit-cards"
          />
          <Stack gap={4}>
            <DocumentButton
              label={t('centres.sheets')}
              start={() => startCentreSheets(row.id)}
              fileName={`room-sheets-${row.id}.pdf`}
              variant="default"
              testId="centre-sheets"
            />
            <Text size="xs" c="dimmed">
              {t('centres.sheetsHint')}
            </Text>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
