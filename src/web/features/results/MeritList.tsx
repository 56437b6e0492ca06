/** The merit list of a class (GET /api/v1/results/merit), in merit order, fifty a page, once processed. */
import { Badge, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageButtons } from '../../components/list/PageButtons';
import { useTranslation } from 'react-i18next';
import { CLASS_CODES } from '../../../common/constants';
import type { ClassCode } from '../../api/exam';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { meritQuery } from './api';
import { resultColor, resultText, studentName } from './labels';
import { LoadFailed } from '../../components/LoadFailed';

export function MeritList() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [klass, setKlass] = useState<ClassCode>(CLASS_CODES[0]);
  const [page, setPage] = useState(1);
  const list = useQuery(meritQuery(klass, page));
  const n = (value: number) => formatNumber(value, lang);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="merit-list">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {t('results.merit.title')}
          </Title>
          <SegmentedControl
            value={klass}
            onChange={(value) => {
              setKlass(value as ClassCode);
              setPage(1);
            }}
            data={CLASS_CODES.map((value) => ({ value, label: classLabel(t, value) }))}
            data-testid="merit-class"
          />
        </Group>
        {list.isError ? (
          <LoadFailed title={t('results.loadFailed')} error={list.error} retry={() => void list.refetch()} />
        ) : list.data && list.data.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('results.merit.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={320} type="native">
            <Table striped verticalSpacing={4} fz="sm" opacity={list.isPlaceholderData ? 0.6 : 1}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={1}>{t('results.merit.position')}</Table.Th>
                  <Table.Th>{t('results.merit.student')}</Table.Th>
                  <Table.Th w={1} ta="end">
                    {t('results.merit.total')}
                  </Table.Th>
                  <Table.Th w={1}>{t('results.merit.result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(list.data?.rows ?? []).map((row) => (
                  <Table.Tr key={row.roll_no} data-testid="merit-row">
                    <Table.Td>{n(row.position)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={500}>
                        {studentName(row, lang)}
                      </Text>
                      {/* The roll and the institute under the name: a phone has no room for their columns. */}
                      <Text size="xs" c="dimmed">
                        {`${t('results.marks.roll')} ${localizeDigits(row.roll_no, lang)} · ${row.institute_name}`}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">{n(row.total)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={resultColor(row)} miw="max-content">
                        {resultText(t, row)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <PageButtons total={pages} page={page} onChange={setPage} />
      </Stack>
    </Paper>
  );
}
