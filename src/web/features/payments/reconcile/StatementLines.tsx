/**
 * One list of a statement, a page at a time from the server: a table on wider screens, one block per
 * line on a phone. Each line: its transaction id as the statement printed it (a payment's for the
 * "not in the statement" list), the amounts, the date, and the payment's institute and state.
 */
import { Anchor, Badge, Box, Center, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageButtons } from '../../../components/list/PageButtons';
import { useTranslation } from 'react-i18next';
import type { StatementLine, StatementList } from '../../../../common/schemas/statements';
import { useLanguage } from '../../../i18n';
import { formatDay, formatMoney, formatNumber, localizeDigits } from '../../../i18n/format';
import { Link } from 'react-router';
import { payments } from '../payments';
import { linesQuery } from './statementsApi';

const STATE_COLORS = { pending: 'yellow', approved: 'teal', refused: 'red' } as const;

function PaymentState({ line }: { line: StatementLine }) {
  const { t } = useTranslation();
  if (!line.payment)
    return (
      <Text size="sm" c="dimmed">
        {t('reconcile.table.noPayment')}
      </Text>
    );
  return (
    <Badge color={STATE_COLORS[line.payment.state]} variant="light" miw="max-content" data-testid="statement-line-state">
      {t(`reconcile.state.${line.payment.state}`)}
    </Badge>
  );
}

type Props = { statementId: number; list: StatementList; page: number; onPage: (page: number) => void };

export function StatementLines({ statementId, list, page, onPage }: Props) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const lines = useQuery(linesQuery(statementId, list, page));
  const n = (value: number) => formatNumber(value, lang);
  const money = (value: number | null | undefined) => (value === null || value === undefined ? '—' : formatMoney(value, lang));
  const missing = list === 'missing';
  // The statement's own amount and date; for a payment it does not hold, the payment's.
  const amountOf = (line: StatementLine) => (missing ? line.payment?.amount : line.amount);
  const dateOf = (line: StatementLine) => {
    const day = missing ? line.payment?.date : line.date;
    return day ? formatDay(day, lang, 'medium') : '—';
  };
  const institute = (line: StatementLine): ReactNode =>
    line.payment ? (line.payment.institute_name ?? `#${localizeDigits(String(line.payment.institute_id), lang)}`) : '—';
  const shown = lines.data;
  // A line's payment opens from its transaction id, to check or decide on it there.
  const transaction = (line: StatementLine): ReactNode =>
    line.payment ? (
      <Anchor
        component={Link}
        to={payments.href.details(line.payment.id)}
        aria-label={t('reconcile.openPayment', { id: line.transaction_id })}
        data-testid="statement-line-payment"
        inherit
      >
        {line.transaction_id}
      </Anchor>
    ) : (
      line.transaction_id
    );

  if (lines.isError)
    return (
      <Text c="red" size="sm">
        {t('reconcile.loadFailed')}
      </Text>
    );
  if (shown && shown.total === 0)
    return (
      <Paper withBorder p="lg">
        <Center>
          <Text c="dimmed" size="sm" data-testid="statement-lines-empty">
            {t('reconcile.table.none')}
          </Text>
        </Center>
      </Paper>
    );

  const rows = shown?.data ?? [];
  return (
    <Stack gap="sm" data-testid="statement-lines">
      <Paper withBorder>
        <Stack gap={0} hiddenFrom="sm">
          {rows.map((line) => (
            <Box key={line.id} p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="statement-line-card">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Box miw={0}>
                  {line.row !== null && (
                    <Text size="xs" c="dimmed">
                      {t('reconcile.table.rowLabel', { row: n(line.row) })}
                    </Text>
                  )}
                  <Text fw={600} size="sm" lang="en" style={{ overflowWrap: 'anywhere' }}>
                    {transaction(line)}
                  </Text>
                  <Text size="sm">
                    {money(amountOf(line))}
                    {!missing && line.payment && line.payment.amount !== line.amount && (
                      <Text span c="red" size="sm">
                        {` (${t('reconcile.table.paid')}: ${money(line.payment.amount)})`}
                      </Text>
                    )}
                    {` · ${dateOf(line)}`}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {institute(line)}
                  </Text>
                </Box>
                <PaymentState line={line} />
              </Group>
            </Box>
          ))}
        </Stack>
        <Table.ScrollContainer minWidth={680} type="native" visibleFrom="sm">
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {!missing && <Table.Th w={1}>{t('reconcile.table.row')}</Table.Th>}
                <Table.Th>{t('reconcile.table.transaction')}</Table.Th>
                {!missing && <Table.Th>{t('reconcile.table.amount')}</Table.Th>}
                <Table.Th>{t('reconcile.table.paid')}</Table.Th>
                <Table.Th>{t('reconcile.table.date')}</Table.Th>
                <Table.Th>{t('reconcile.table.institute')}</Table.Th>
                <Table.Th w={1}>{t('reconcile.table.state')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((line) => (
                <Table.Tr key={line.id} data-testid="statement-line">
                  {!missing && <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.row === null ? '—' : n(line.row)}</Table.Td>}
                  <Table.Td lang="en" style={{ whiteSpace: 'nowrap' }}>
                    {transaction(line)}
                  </Table.Td>
                  {!missing && <Table.Td style={{ whiteSpace: 'nowrap' }}>{money(line.amount)}</Table.Td>}
                  <Table.Td style={{ whiteSpace: 'nowrap' }} c={!missing && line.payment && line.payment.amount !== line.amount ? 'red' : undefined}>
                    {money(line.payment?.amount)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOf(line)}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{institute(line)}</Table.Td>
                  <Table.Td>
                    <PaymentState line={line} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {shown && <PageButtons total={shown.last_page} page={shown.current_page} onChange={onPage} />}
    </Stack>
  );
}
