/**
 * The bulk photos' report, one row a file, filterable and 50 a page (a zip may hold thousands): a
 * table on wider screens, one block per file on a phone.
 */
import { Badge, Box, Button, Center, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PhotoRow, PhotoStatus } from '../../../../common/schemas/photos';
import { PageButtons } from '../../../components/list/PageButtons';
import { useReportPages } from '../../../import/useReportPages';
import { useLanguage } from '../../../i18n';
import { formatNumber, localizeDigits } from '../../../i18n/format';
import { classLabel } from '../../../i18n/reference';

const FILTERS = ['all', 'refused', 'matched'] as const;
type Filter = (typeof FILTERS)[number];

const FITS: readonly PhotoStatus[] = ['ready', 'stored', 'kept'];
const matches = (filter: Filter, status: PhotoStatus) => filter === 'all' || (filter === 'matched') === FITS.includes(status);
const colorOf = (status: PhotoStatus) =>
  status === 'kept' ? 'gray' : FITS.includes(status) ? 'teal' : status === 'twice' || status === 'heic' ? 'orange' : 'red';

function StatusBadge({ status }: { status: PhotoStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={colorOf(status)} variant="light" style={{ whiteSpace: 'normal', height: 'auto', textAlign: 'start' }} tt="none">
      {t(`registrations.photos.status.${status}`)}
    </Badge>
  );
}

function Student({ row }: { row: PhotoRow }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  if (!row.student) return null;
  const { student } = row;
  return (
    <Box miw={0}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {student.name}
      </Text>
      <Text size="xs" c="dimmed">
        {t('registrations.photos.student', {
          class: classLabel(t, student.class),
          roll: localizeDigits(student.class_roll, lang),
          reg_no: localizeDigits(student.reg_no, lang),
        })}
        {student.has_photo && ` · ${t('registrations.photos.hasPhoto')}`}
      </Text>
    </Box>
  );
}

export function PhotoRows({ rows }: { rows: readonly PhotoRow[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  const { filter, counts, top, pages, current, slice, choose, turnTo } = useReportPages(rows, FILTERS, matches, () =>
    rows.some((row) => !FITS.includes(row.status)) ? 'refused' : 'all',
  );

  return (
    <Stack gap="sm">
      <Group gap="xs" role="group" aria-label={t('registrations.photos.filter.label')} data-testid="photos-filter" ref={top} style={{ scrollMarginTop: 80 }}>
        {FILTERS.map((value) => (
          <Button
            key={value}
            size="compact-sm"
            radius="xl"
            variant={filter === value ? 'filled' : 'default'}
            aria-pressed={filter === value}
            onClick={() => choose(value)}
          >
            {`${t(`registrations.photos.filter.${value}`)} (${n(counts[value])})`}
          </Button>
        ))}
      </Group>
      <Paper withBorder>
        <Stack gap={0} hiddenFrom="sm">
          {slice.map((row) => (
            <Box key={row.file} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="photos-row-card">
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {row.file}
              </Text>
              <Student row={row} />
              <Box mt={4}>
                <StatusBadge status={row.status} />
              </Box>
            </Box>
          ))}
        </Stack>
        <Table.ScrollContainer minWidth={640} type="native" visibleFrom="sm">
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('registrations.photos.columns.file')}</Table.Th>
                <Table.Th miw={220}>{t('registrations.photos.columns.student')}</Table.Th>
                <Table.Th>{t('registrations.photos.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slice.map((row) => (
                <Table.Tr key={row.file} data-testid="photos-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.file}</Table.Td>
                  <Table.Td>
                    <Student row={row} />
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {slice.length === 0 && (
          <Center py="lg">
            <Text c="dimmed" size="sm">
              {t('registrations.photos.noRows')}
            </Text>
          </Center>
        )}
      </Paper>
      <PageButtons total={pages} page={current} onChange={turnTo} />
    </Stack>
  );
}
