/**
 * The admin's payouts at /payouts (docs/integrators/payouts.md), for a desk screen: students and taka awarded
 * and in each state; a batch per provider layout of everyone ready; the batches with their file and the
 * provider's result import; and the winners, filtered by state, with an admin's correction of their details.
 */
import { Badge, Button, Card, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYOUT_STATES } from '../../../common/schemas/payouts';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadFailed } from '../../components/LoadFailed';
import { PageButtons } from '../../components/list/PageButtons';
import { failureMessage, notifyError, notifySuccess } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatDateTime, formatMoney, formatNumber, localizeDigits } from '../../i18n/format';
import {
  batchesQuery,
  downloadBatch,
  makeBatch,
  type PayoutBatch,
  PAYOUTS_KEY,
  type PayoutState,
  type PayoutSummary,
  type PayoutWinner,
  summaryQuery,
  winnersQuery,
} from './api';
import { DetailsForm } from './DetailsForm';
import { payTo, STATE_COLORS, windowText } from './labels';
import { ResultImport } from './ResultImport';

type Tally = { students: number; amount: number };

function TallyCard({ label, tally, color, testId }: { label: string; tally: Tally; color: string; testId: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Paper withBorder p="sm" style={{ borderTop: `4px solid var(--mantine-color-${color}-6)` }} data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {formatMoney(tally.amount, lang)}
      </Text>
      <Text size="sm">{t('payouts.students', { number: formatNumber(tally.students, lang) })}</Text>
    </Paper>
  );
}

function Layouts({ summary }: { summary: PayoutSummary }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const make = useMutation({
    mutationFn: makeBatch,
    onSuccess: async (answer) => {
      const batch = answer.data;
      notifySuccess(
        t('payouts.batches.made', {
          reference: batch.reference,
          students: t('payouts.students', { number: formatNumber(batch.lines, lang) }),
          amount: formatMoney(batch.amount, lang),
        }),
      );
      await queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY });
    },
    onError: (error) => notifyError(failureMessage(error)),
  });
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('payouts.layouts.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('payouts.layouts.intro')}
      </Text>
      <SimpleGrid cols={3}>
        {summary.layouts.map((layout) => (
          <Card key={layout.key} withBorder padding="sm" data-testid={`payout-layout-${layout.key}`}>
            <Stack gap={6}>
              <Text fw={700}>{t(`payouts.layouts.names.${layout.key}`, { defaultValue: layout.key })}</Text>
              <Text size="sm">
                {t('payouts.layouts.ready', {
                  students: t('payouts.students', { number: formatNumber(layout.ready.students, lang) }),
                  amount: formatMoney(layout.ready.amount, lang),
                })}
              </Text>
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={layout.ready.students === 0}
                loading={make.isPending && make.variables === layout.key}
                onClick={() => make.mutate(layout.key)}
                data-testid={`payout-make-${layout.key}`}
              >
                {t('payouts.layouts.make')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function Batches({ onImport }: { onImport: (batch: PayoutBatch) => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const batches = useQuery(batchesQuery);
  const download = (batch: PayoutBatch, format: 'xlsx' | 'csv') => downloadBatch(batch, format).catch((error: unknown) => notifyError(failureMessage(error)));
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('payouts.batches.title')}
      </Title>
      {batches.isPending ? null : batches.isError ? (
        <LoadFailed title={t('payouts.loadFailed')} error={batches.error} retry={() => void batches.refetch()} />
      ) : batches.data.length === 0 ? (
        <Text c="dimmed">{t('payouts.batches.none')}</Text>
      ) : (
        <Table striped withTableBorder data-testid="payout-batches">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.batches.reference')}</Table.Th>
              <Table.Th>{t('payouts.batches.layout')}</Table.Th>
              <Table.Th ta="end">{t('payouts.batches.lines')}</Table.Th>
              <Table.Th ta="end">{t('payouts.batches.amount')}</Table.Th>
              <Table.Th>{t('payouts.batches.progress')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {batches.data.map((batch) => (
              <Table.Tr key={batch.id} data-testid="payout-batch">
                <Table.Td>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {batch.reference}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(batch.created_at, lang)}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`payouts.layouts.names.${batch.layout}`, { defaultValue: batch.layout })}</Table.Td>
                <Table.Td ta="end">{formatNumber(batch.lines, lang)}</Table.Td>
                <Table.Td ta="end">{formatMoney(batch.amount, lang)}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Badge color={batch.state === 'open' ? 'yellow' : 'gray'} variant="light" data-testid="payout-batch-state">
                      {t(`payouts.batches.${batch.state}`)}
                    </Badge>
                    <Text size="sm">{t('payouts.batches.settled', { paid: formatNumber(batch.paid, lang), failed: formatNumber(batch.failed, lang) })}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconDownload size={14} aria-hidden />}
                      onClick={() => void download(batch, 'xlsx')}
                      data-testid="payout-batch-xlsx"
                    >
                      {t('payouts.batches.xlsx')}
                    </Button>
                    <Button size="xs" variant="light" leftSection={<IconDownload size={14} aria-hidden />} onClick={() => void download(batch, 'csv')}>
                      {t('payouts.batches.csv')}
                    </Button>
                    {batch.state === 'open' && (
                      <Button size="xs" leftSection={<IconUpload size={14} aria-hidden />} onClick={() => onImport(batch)} data-testid="payout-batch-result">
                        {t('payouts.batches.result')}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function Winners() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [state, setState] = useState<PayoutState | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PayoutWinner | null>(null);
  const winners = useQuery(winnersQuery(state, page));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h5">
          {t('payouts.winners.title')}
        </Title>
        <SegmentedControl
          size="xs"
          value={state ?? 'all'}
          onChange={(value) => {
            setState(value === 'all' ? null : (value as PayoutState));
            setPage(1);
          }}
          data={[{ value: 'all', label: t('payouts.winners.all') }, ...PAYOUT_STATES.map((value) => ({ value, label: t(`payouts.states.${value}`) }))]}
          aria-label={t('payouts.winners.filter')}
        />
      </Group>
      {winners.isPending ? null : winners.isError ? (
        <LoadFailed title={t('payouts.loadFailed')} error={winners.error} retry={() => void winners.refetch()} />
      ) : winners.data.winners.total === 0 ? (
        <Text c="dimmed">{t('payouts.winners.none')}</Text>
      ) : (
        <Table striped withTableBorder data-testid="payout-winners">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('payouts.winners.roll')}</Table.Th>
              <Table.Th>{t('payouts.winners.name')}</Table.Th>
              <Table.Th>{t('payouts.winners.institute')}</Table.Th>
              <Table.Th ta="end">{t('payouts.winners.amount')}</Table.Th>
              <Table.Th w={1} style={{ whiteSpace: 'nowrap' }}>
                {t('payouts.winners.state')}
              </Table.Th>
              <Table.Th>{t('payouts.winners.payTo')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {winners.data.winners.data.map((winner) => (
              <Table.Tr key={winner.registration_id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{localizeDigits(winner.roll_no, lang)}</Table.Td>
                <Table.Td>{winner.name}</Table.Td>
                <Table.Td>{winner.institute_name}</Table.Td>
                <Table.Td ta="end">{formatMoney(winner.amount, lang)}</Table.Td>
                <Table.Td>
                  {/* A state's name whole: a badge cuts its label short by default. */}
                  <Badge color={STATE_COLORS[winner.state]} variant="light" styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}>
                    {t(`payouts.states.${winner.state}`)}
                  </Badge>
                  {winner.failure_reason && (
                    <Text size="xs" c="red">
                      {winner.failure_reason}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{payTo(t, winner) ?? '—'}</Table.Td>
                <Table.Td>
                  {!winner.locked && (
                    <Button size="xs" variant="subtle" onClick={() => setEditing(winner)}>
                      {winner.details ? t('payouts.winners.correct') : t('payouts.winners.enter')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {winners.data && <PageButtons total={winners.data.winners.last_page} page={page} onChange={setPage} />}
      {editing && <DetailsForm winner={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

export function AdminPayouts() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const summary = useQuery(summaryQuery);
  const [importing, setImporting] = useState<PayoutBatch | null>(null);
  return (
    <Stack gap="lg" maw={1200}>
      <Title order={1} size="h3">
        {t('nav.payouts')}
      </Title>
      {summary.isPending ? (
        <FullPageLoader minHeight={240} />
      ) : summary.isError ? (
        <LoadFailed title={t('payouts.loadFailed')} error={summary.error} retry={() => void summary.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed" data-testid="payout-window">
            {windowText(t, lang, summary.data.window)}
          </Text>
          <SimpleGrid cols={6} spacing="sm" data-testid="payout-tallies">
            <TallyCard label={t('payouts.states.awarded')} tally={summary.data.awarded} color="violet" testId="payout-tally-awarded" />
            {PAYOUT_STATES.map((state) => (
              <TallyCard
                key={state}
                label={t(`payouts.states.${state}`)}
                tally={summary.data.states[state]}
                color={STATE_COLORS[state]}
                testId={`payout-tally-${state}`}
              />
            ))}
          </SimpleGrid>
          <Layouts summary={summary.data} />
        </>
      )}
      <Batches onImport={setImporting} />
      <Winners />
      {importing && <ResultImport batch={importing} onClose={() => setImporting(null)} />}
    </Stack>
  );
}
