/** The marks entered for a subject, newest first (GET /api/v1/marks?subject_id), ten a page. */
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageButtons } from '../../components/list/PageButtons';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { formatDateTime, formatNumber, localizeDigits } from '../../i18n/format';
import { marksListQuery, type MarkSubject } from './api';
import { markText } from './labels';
import { LoadFailed } from '../../components/LoadFailed';

export function RecentMarks({ subject, title }: { subject: MarkSubject; title: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const list = useQuery(marksListQuery(subject.id, page));

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="recent-marks">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          {list.data && (
            <Text size="sm" c="dimmed" data-testid="recent-marks-total">
              {t('results.marks.entered', { number: formatNumber(list.data.total, lang) })}
            </Text>
          )}
        </Group>
        {list.isError ? (
          <LoadFailed title={t('results.loadFailed')} error={list.error} retry={() => void list.refetch()} />
        ) : list.data && list.data.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('results.marks.noneYet')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300} type="native">
            <Table striped verticalSpacing={4} fz="sm" opacity={list.isPlaceholderData ? 0.6 : 1}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={1}>{t('results.marks.roll')}</Table.Th>
                  <Table.Th>{t('results.marks.name')}</Table.Th>
                  <Table.Th w={1} ta="end">
                    {t('results.marks.marks')}
                  </Table.Th>
                  <Table.Th visibleFrom="sm" w={1} style={{ whiteSpace: 'nowrap' }}>
                    {t('results.marks.updatedAt')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(list.data?.data ?? []).map((row) => (
                  <Table.Tr key={row.roll_no} data-testid="recent-mark">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{localizeDigits(row.roll_no, lang)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.name_english}</Table.Td>
                    <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                      <Badge variant="light" color={row.absent ? 'orange' : 'gray'} miw="max-content">
                        {markText(t, lang, row)}
                      </Badge>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(row.updated_at, lang)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && <PageButtons total={list.data.last_page} page={page} onChange={setPage} />}
      </Stack>
    </Paper>
  );
}
