/**
 * The dashboard's numbers (spec §2 Dashboard, §9): cards for registrations, boys and girls, fee,
 * paid, due and pending payments, and the per-class table. Counts in the interface language's
 * digits, money as taka.
 */
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCash,
  IconCircleCheck,
  IconGenderFemale,
  IconGenderMale,
  IconHourglass,
  IconReceipt,
  IconSchool,
  IconAlertCircle,
  IconCalendarTime,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Analytics } from '../../../common/schemas/registrations';
import { useLanguage } from '../../i18n';
import { daysUntil } from '../../../common/season';
import { formatDay, formatMoney, formatNumber } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';

type Card = { key: string; label: string; value: string; note?: string; icon: Icon; color: string };

function StatCard({ card }: { card: Card }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid={`stat-${card.key}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" lh={1.3}>
            {card.label}
          </Text>
          <Text fw={700} fz={{ base: 'xl', sm: 26 }} lh={1.3} mt={4} c={`${card.color}.9`} data-testid="stat-value" style={{ whiteSpace: 'nowrap' }}>
            {card.value}
          </Text>
          {card.note && (
            <Text size="xs" c="dimmed" mt={2}>
              {card.note}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={card.color} size={36} radius="md" visibleFrom="xs">
          <card.icon size={20} stroke={1.6} aria-hidden />
        </ThemeIcon>
      </Group>
    </Paper>
  );
}

export function StatCards({ analytics, title }: { analytics: Analytics; title: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  const money = (value: number) => formatMoney(value, lang);
  const cards: Card[] = [
    { key: 'total_registration', label: t('analytics.cards.total_registration'), value: n(analytics.total_registration), icon: IconSchool, color: 'teal' },
    { key: 'total_male', label: t('analytics.cards.total_male'), value: n(analytics.total_male), icon: IconGenderMale, color: 'blue' },
    { key: 'total_female', label: t('analytics.cards.total_female'), value: n(analytics.total_female), icon: IconGenderFemale, color: 'grape' },
    {
      key: 'total_fee',
      label: t('analytics.cards.total_fee'),
      value: money(analytics.total_fee),
      note: t('analytics.notes.fee', { fee: money(analytics.fee) }),
      icon: IconReceipt,
      color: 'gray',
    },
    {
      key: 'total_paid',
      label: t('analytics.cards.total_paid'),
      value: money(analytics.total_paid),
      note: t('analytics.notes.paid', { number: n(analytics.paid_registrations) }),
      icon: IconCircleCheck,
      color: 'teal',
    },
    {
      key: 'total_due',
      label: t('analytics.cards.total_due'),
      value: money(analytics.total_due),
      note: t('analytics.notes.due', { number: n(analytics.unpaid_registrations + analytics.pending_registrations) }),
      icon: analytics.total_due > 0 ? IconAlertCircle : IconCash,
      color: analytics.total_due > 0 ? 'red' : 'teal',
    },
    {
      key: 'pending',
      label: t('analytics.cards.pending'),
      value: money(analytics.pending_amount),
      note: t('analytics.notes.pending', { number: n(analytics.pending_payments), students: n(analytics.pending_registrations) }),
      icon: IconHourglass,
      // Yellow 9 reads below 3:1 on white even as large text; orange 9 does not.
      color: 'orange',
    },
  ];
  return (
    <section aria-labelledby="stat-cards-title">
      <Title order={2} size="h4" mb="sm" id="stat-cards-title">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }} verticalSpacing={{ base: 'xs', sm: 'md' }}>
        {cards.map((card) => (
          <StatCard key={card.key} card={card} />
        ))}
      </SimpleGrid>
    </section>
  );
}

/**
 * The season's calendar as a line per deadline that is set: registration opening or closing with the
 * days left, the late fee, the payment deadline. Nothing when no date is set.
 */
export function SeasonBanner({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { season } = analytics;
  const day = (iso: string) => formatDay(iso, lang, 'medium');
  const n = (value: number) => formatNumber(value, lang);
  const lines: { key: string; text: string; urgent: boolean }[] = [];
  if (season.window === 'not_open' && season.registration_opens)
    lines.push({
      key: 'opens',
      text: t('analytics.season.opensOn', { date: day(season.registration_opens), days: n(daysUntil(season.registration_opens, season.today)) }),
      urgent: false,
    });
  if (season.window === 'closed' && season.registration_closes)
    lines.push({ key: 'closed', text: t('analytics.season.closed', { date: day(season.registration_closes) }), urgent: true });
  if (season.window !== 'closed' && season.registration_closes && season.days_to_close !== null)
    lines.push({
      key: 'closes',
      text:
        season.days_to_close === 0
          ? t('analytics.season.closesToday', { date: day(season.registration_closes) })
          : t('analytics.season.closesIn', { date: day(season.registration_closes), days: n(season.days_to_close) }),
      urgent: season.days_to_close <= 7,
    });
  if (season.late_fee_from && season.late_fee > 0)
    lines.push(
      season.days_to_late_fee !== null && season.days_to_late_fee <= 0
        ? { key: 'late', text: t('analytics.season.lateFeeNow', { fee: formatMoney(analytics.fee, lang) }), urgent: false }
        : {
            key: 'late',
            text: t('analytics.season.lateFeeFrom', { date: day(season.late_fee_from), amount: formatMoney(season.late_fee, lang) }),
            urgent: false,
          },
    );
  if (season.payment_deadline && season.days_to_payment_deadline !== null)
    lines.push(
      season.days_to_payment_deadline < 0
        ? { key: 'payments', text: t('analytics.season.paymentClosed', { date: day(season.payment_deadline) }), urgent: true }
        : {
            key: 'payments',
            text: t('analytics.season.paymentDeadline', { date: day(season.payment_deadline), days: n(season.days_to_payment_deadline) }),
            urgent: season.days_to_payment_deadline <= 7,
          },
    );
  if (lines.length === 0) return null;
  const urgent = lines.some((line) => line.urgent);
  return (
    <Alert variant="light" color={urgent ? 'orange' : 'blue'} icon={<IconCalendarTime aria-hidden />} data-testid="season-banner">
      <Stack gap={4}>
        {lines.map((line) => (
          <Text key={line.key} size="sm" fw={line.urgent ? 600 : 400} data-testid={`season-${line.key}`}>
            {line.text}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** Spec §2: class, boys, girls, total, with the sum of the classes below. */
export function ClassTable({ analytics }: { analytics: Analytics }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="class-table">
      <Title order={2} size="h4" mb="sm">
        {t('analytics.byClass.title')}
      </Title>
      <Table withTableBorder withColumnBorders striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('analytics.byClass.class')}</Table.Th>
            <Table.Th ta="end">{t('analytics.byClass.boys')}</Table.Th>
            <Table.Th ta="end">{t('analytics.byClass.girls')}</Table.Th>
            <Table.Th ta="end">{t('analytics.byClass.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {analytics.analytics.map((row) => (
            <Table.Tr key={row.class} data-testid={`class-row-${row.class}`}>
              <Table.Td>{classLabel(t, row.class)}</Table.Td>
              <Table.Td ta="end">{n(row.male)}</Table.Td>
              <Table.Td ta="end">{n(row.female)}</Table.Td>
              <Table.Td ta="end" fw={600}>
                {n(row.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t('analytics.byClass.sum')}</Table.Th>
            <Table.Th ta="end">{n(analytics.total_male)}</Table.Th>
            <Table.Th ta="end">{n(analytics.total_female)}</Table.Th>
            <Table.Th ta="end">{n(analytics.total_registration)}</Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}
