/**
 * The admin's seat list (architecture §10: seats per sitting): a centre's seats, or an institute's by the
 * ID it logs in with, in the order of their sittings, rooms and seats, a page at a time.
 */
import { Alert, Group, Pagination, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { useLanguage } from '../../i18n';
import { formatDay, formatNumber, localizeDigits } from '../../i18n/format';
import type { SeatListPage } from '../../../common/schemas/exam';
import type { CentreRow } from './centres';

const PER_PAGE = 100;

export function SeatList({ centres }: { centres: readonly CentreRow[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [by, setBy] = useState<'centre' | 'institute'>('centre');
  const [centre, setCentre] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [institute, setInstitute] = useState('');
  const [page, setPage] = useState(1);
  const scope = by === 'centre' ? (centre ? `centre_id=${centre}` : null) : institute ? `institute_uid=${encodeURIComponent(institute)}` : null;
  const seats = useQuery({
    queryKey: ['exam', 'seats', scope, page],
    queryFn: async ({ signal }) =>
      (await apiRequest<SeatListPage>(`/v1/exam/seats?${scope}&page=${page}&per_page=${PER_PAGE}`, { method: 'GET', signal })).data,
    enabled: scope !== null,
  });
  const number = (value: number) => formatNumber(value, lang);
  const unknownInstitute = seats.error instanceof ApiError && seats.error.status === 422;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="seat-list">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('exam.seatList.title')}
        </Title>
        <Text size="sm">{t('exam.allocation.perSitting')}</Text>
        <SegmentedControl
          aria-label={t('exam.seatList.by')}
          value={by}
          onChange={(value) => {
            setBy(value as 'centre' | 'institute');
            setPage(1);
          }}
          data={[
            { value: 'centre', label: t('exam.seatList.byCentre') },
            { value: 'institute', label: t('exam.seatList.byInstitute') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {by === 'centre' ? (
          <Select
            label={t('exam.seatList.centre')}
            data={centres.map((row) => ({ value: String(row.id), label: row.name_bn }))}
            value={centre}
            onChange={(value) => {
              setCentre(value);
              setPage(1);
            }}
            searchable
            placeholder={t('register.placeholders.choose')}
            data-testid="seat-list-centre"
          />
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setInstitute(typed.trim());
              setPage(1);
            }}
          >
            <TextInput
              label={t('exam.seatList.institute')}
              description={t('exam.seatList.instituteHint')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              inputMode="numeric"
              error={unknownInstitute ? t('exam.seatList.notFound') : undefined}
              rightSectionWidth={72}
              rightSection={
                <button
                  type="submit"
                  className="mantine-focus-auto"
                  style={{ border: 0, background: 'none', color: 'var(--mantine-color-blue-7)', cursor: 'pointer' }}
                >
                  {t('exam.seatList.show')}
                </button>
              }
              data-testid="seat-list-institute"
            />
          </form>
        )}
        {scope === null ? null : seats.isError && !unknownInstitute ? (
          <LoadFailed title={t('exam.loadFailed')} error={seats.error} retry={() => void seats.refetch()} />
        ) : seats.data && seats.data.rows.length === 0 ? (
          <Alert variant="light">{t('exam.seatList.empty')}</Alert>
        ) : seats.data ? (
          <>
            <Text size="sm" c="dimmed" data-testid="seat-list-total">
              {t('exam.seatList.total', { number: number(seats.data.total) })}
            </Text>
            <Table.ScrollContainer minWidth={by === 'centre' ? 560 : 680} type="native">
              <Table striped withTableBorder verticalSpacing={4} data-testid="seat-list-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('exam.seatList.columns.sitting')}</Table.Th>
                    {by === 'institute' && <Table.Th>{t('exam.seatList.columns.centre')}</Table.Th>}
                    <Table.Th>{t('exam.seatList.columns.room')}</Table.Th>
                    <Table.Th>{t('exam.seatList.columns.seat')}</Table.Th>
                    <Table.Th>{t('exam.seatList.columns.roll')}</Table.Th>
                    <Table.Th>{t('exam.seatList.columns.name')}</Table.Th>
                    <Table.Th>{t('exam.seatList.columns.class')}</Table.Th>
                    {by === 'centre' && <Table.Th>{t('exam.seatList.columns.institute')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {seats.data.rows.map((row) => (
                    <Table.Tr key={`${row.class}-${row.roll_no}`}>
                      <Table.Td>{row.date ? formatDay(row.date, lang, 'medium') : t('exam.seatList.unset')}</Table.Td>
                      {by === 'institute' && <Table.Td>{row.centre_name}</Table.Td>}
                      <Table.Td>{localizeDigits(row.room, lang)}</Table.Td>
                      <Table.Td>{number(row.seat)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.roll_no}</Table.Td>
                      <Table.Td>{(lang === 'bn' && row.name_bangla) || row.name_english}</Table.Td>
                      <Table.Td>{t(`reference.class.${row.class}`, { defaultValue: row.class })}</Table.Td>
                      {by === 'centre' && (
                        <Table.Td>
                          {row.institute_name}
                          {row.institute_uid ? ` (${row.institute_uid})` : ''}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {seats.data.total > PER_PAGE && (
              <Group justify="center">
                <Pagination total={Math.ceil(seats.data.total / PER_PAGE)} value={page} onChange={setPage} size="sm" />
              </Group>
            )}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
