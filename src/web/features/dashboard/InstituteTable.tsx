/**
 * The admin's per-institute list (spec §2 Dashboard, §3 Analytics): institute, class, total, boys,
 * girls and upazila, one row per institute and class, searched by institute name (500 ms after the
 * last key) and paged by the analytics answer's own paginator, its links followed as given.
 */
import { Box, Center, LoadingOverlay, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Paginated } from '../../../common/schemas/list';
import type { InstituteAnalyticsRow } from '../../../common/schemas/registrations';
import { ListPagination } from '../../components/list/ListPagination';
import { SearchBox } from '../../components/list/SearchBox';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import type { InstitutePage } from '../../api/analytics';

type Props = {
  page: Paginated<InstituteAnalyticsRow> | undefined;
  state: InstitutePage;
  onChange: (next: InstitutePage) => void;
  loading: boolean;
};

export function InstituteTable({ page, state, onChange, loading }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  const rows = page?.data ?? [];
  const heading = (key: 'institute_name' | 'class' | 'total' | 'male' | 'female' | 'upozilla', end = false) => (
    // The name takes up to 40 % and wraps, so the numbers stay in view on a phone.
    <Table.Th ta={end ? 'end' : undefined} w={key === 'institute_name' ? '40%' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {t(`analytics.institutes.${key}`)}
    </Table.Th>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="institute-table-title" data-testid="institute-table">
      <Title order={2} size="h4" id="institute-table-title">
        {t('analytics.institutes.title')}
      </Title>
      <Box>
        <SearchBox
          value={state.search}
          onSearch={(search) => onChange({ page: 1, paginate: state.paginate, search })}
          label={t('analytics.institutes.searchLabel')}
        />
      </Box>
      <Paper withBorder pos="relative" mih={160}>
        <LoadingOverlay visible={loading} loaderProps={{ size: 'sm' }} overlayProps={{ blur: 0, backgroundOpacity: 0.35 }} />
        {/* A phone gets one block per row, every number in view; wider screens the table. */}
        <Stack gap={0} hiddenFrom="sm">
          {rows.map((row) => (
            <Box key={`${row.institute_id}-${row.class}`} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="institute-card">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.institute_name}
              </Text>
              <Text size="sm">
                {classLabel(t, row.class)} · {t('analytics.institutes.total')} {n(row.total)} · {t('analytics.institutes.male')} {n(row.male)} ·{' '}
                {t('analytics.institutes.female')} {n(row.female)}
              </Text>
              {row.upozilla && (
                <Text size="xs" c="dimmed">
                  {t('analytics.institutes.upozilla')}: {row.upozilla}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
        <Table.ScrollContainer minWidth={560} type="native" visibleFrom="sm">
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                {heading('institute_name')}
                {heading('class')}
                {heading('total', true)}
                {heading('male', true)}
                {heading('female', true)}
                {heading('upozilla')}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.institute_id}-${row.class}`} data-testid="institute-row">
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.institute_name}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{classLabel(t, row.class)}</Table.Td>
                  <Table.Td ta="end" fw={600}>
                    {n(row.total)}
                  </Table.Td>
                  <Table.Td ta="end">{n(row.male)}</Table.Td>
                  <Table.Td ta="end">{n(row.female)}</Table.Td>
                  <Table.Td>{row.upozilla ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {page && rows.length === 0 && (
          <Center py={40}>
            <Text c="dimmed">{state.search ? t('list.emptySearch', { search: state.search }) : t('analytics.institutes.empty')}</Text>
          </Center>
        )}
      </Paper>
      {page && page.total > 0 && (
        <ListPagination
          page={page}
          pageSize={state.paginate}
          onPage={(target) => onChange({ ...target, paginate: state.paginate, search: state.search })}
          onPageSize={(paginate) => onChange({ page: 1, paginate, search: state.search })}
        />
      )}
    </Stack>
  );
}
