/**
 * The import report's rows, filterable by status and 50 a page (a sheet may hold 20,000 rows): a
 * table on wider screens, one block per row on a phone. Messages come from the server in the
 * request's language; the field's name is put before them.
 */
import { Badge, Box, Button, Center, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { i18n as I18n, TFunction } from 'i18next';
import { PageButtons } from '../../../components/list/PageButtons';
import { useReportPages } from '../../../import/useReportPages';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';
import type { RegistrationImportRow as ImportRow, RegistrationImportStatus as ImportStatus } from '../../../../common/schemas/imports';

const FILTERS = ['all', 'invalid', 'duplicate', 'valid'] as const;
type Filter = (typeof FILTERS)[number];

const COLORS: Record<ImportStatus, string> = { valid: 'teal', stored: 'teal', invalid: 'red', duplicate: 'orange' };

/** 'valid' also shows the rows a real import stored. */
const matches = (filter: Filter, status: ImportStatus) => filter === 'all' || filter === status || (filter === 'valid' && status === 'stored');

/** A field's label from the registration form (or the address picker), its name otherwise. */
function fieldLabel(t: TFunction, i18n: I18n, field: string): string {
  for (const key of [`registrations.fields.${field}`, `register.fields.${field}`]) {
    if (i18n.exists(key)) return t(key as 'registrations.fields.class');
  }
  return field;
}

function Messages({ errors }: { errors: ImportRow['errors'] }) {
  const { t, i18n } = useTranslation();
  const entries = Object.entries(errors).filter(([, messages]) => messages.length > 0);
  if (entries.length === 0) return null;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {entries.map(([field, messages]) => (
        <Text key={field} component="li" size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {fieldLabel(t, i18n, field)}:
          </Text>{' '}
          {messages.join(' ')}
        </Text>
      ))}
    </Stack>
  );
}

function StatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" miw="max-content">
      {t(`registrations.import.status.${status}`)}
    </Badge>
  );
}

export function ImportRows({ rows }: { rows: readonly ImportRow[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  const { filter, counts, top, pages, current, slice, choose, turnTo } = useReportPages(rows, FILTERS, matches, () =>
    rows.some((row) => row.status === 'invalid') ? 'invalid' : 'all',
  );
  const name = (row: ImportRow) => row.name || t('registrations.import.noName');

  return (
    <Stack gap="sm">
      {/* Buttons that wrap rather than a segmented control: at 360 px four counts of five digits do not fit one line. */}
      <Group gap="xs" role="group" aria-label={t('registrations.import.filter.label')} data-testid="import-filter" ref={top} style={{ scrollMarginTop: 80 }}>
        {FILTERS.map((value) => (
          <Button
            key={value}
            size="compact-sm"
            radius="xl"
            variant={filter === value ? 'filled' : 'default'}
            aria-pressed={filter === value}
            onClick={() => choose(value)}
          >
            {`${t(`registrations.import.filter.${value}`)} (${n(counts[value])})`}
          </Button>
        ))}
      </Group>
      <Paper withBorder>
        {/* A phone gets one block per row; wider screens the table. */}
        <Stack gap={0} hiddenFrom="sm">
          {slice.map((row) => (
            <Box key={row.row} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="import-row-card">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Box miw={0}>
                  <Text size="xs" c="dimmed">
                    {t('registrations.import.rowLabel', { row: n(row.row) })}
                  </Text>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }} c={row.name ? undefined : 'dimmed'}>
                    {name(row)}
                  </Text>
                </Box>
                <StatusBadge status={row.status} />
              </Group>
              <Box mt={4}>
                <Messages errors={row.errors} />
              </Box>
            </Box>
          ))}
        </Stack>
        <Table.ScrollContainer minWidth={640} type="native" visibleFrom="sm">
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={1} style={{ whiteSpace: 'nowrap' }}>
                  {t('registrations.import.columns.row')}
                </Table.Th>
                <Table.Th miw={200}>{t('registrations.import.columns.name')}</Table.Th>
                <Table.Th w={1}>{t('registrations.import.columns.status')}</Table.Th>
                <Table.Th>{t('registrations.import.columns.messages')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {slice.map((row) => (
                <Table.Tr key={row.row} data-testid="import-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{n(row.row)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }} c={row.name ? undefined : 'dimmed'}>
                    {name(row)}
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td>
                    <Messages errors={row.errors} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {slice.length === 0 && (
          <Center py="lg">
            <Text c="dimmed" size="sm">
              {t('registrations.import.noRows')}
            </Text>
          </Center>
        )}
      </Paper>
      <PageButtons total={pages} page={current} onChange={turnTo} />
    </Stack>
  );
}
