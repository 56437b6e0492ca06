/**
 * The fee payment form (spec §2, §5): where to deposit first (the bKash number and bank account from
 * the settings), then method, amount, transaction or receipt number and date; an admin also chooses
 * the institute and approves. An institute is told its payment waits for approval.
 */
import { ActionIcon, Alert, CopyButton, Fieldset, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconCheck, IconCopy, IconDeviceMobile, IconHourglass, IconInfoCircle, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../common/schemas/user';
import { useCurrentUser } from '../../auth/session';
import { TextField } from '../../components/forms/fields';
import { DateField } from '../../components/forms/DateField';
import { RadioGroupField, SwitchField } from '../../components/forms/moreFields';
import { analyticsQuery, depositInfoQuery } from '../../api/analytics';
import { useLanguage } from '../../i18n';
import { formatMoney, todayIso } from '../../i18n/format';
import { InstituteOfForm } from '../../institute/InstituteOfForm';
import { methodOptions } from '../../i18n/reference';
import type { ListRowOf } from '../../../common/resources';
import type { FormMode } from '../../resources/types';
import { PaymentStudents } from './PaymentStudents';

type PaymentRow = ListRowOf<'payments'>;

function Fact({ icon, label, value, testId, copy }: { icon: ReactNode; label: string; value: ReactNode; testId: string; copy?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="transparent" size={24} style={{ flexShrink: 0 }}>
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Text fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }} data-testid={testId}>
            {value}
          </Text>
          {copy && (
            <CopyButton value={copy} timeout={2000}>
              {({ copied, copy: copyIt }) => (
                <Tooltip label={copied ? t('payments.deposit.copied') : t('payments.deposit.copy')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copyIt}
                    aria-label={t('payments.deposit.copyOf', { what: label })}
                    data-testid={`${testId}-copy`}
                  >
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          )}
        </Group>
      </div>
    </Group>
  );
}

/** The fee and where to pay it; a value the admin has not set yet says so. */
export function DepositInfoCard() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const info = useQuery(depositInfoQuery);
  const notSet = (
    <Text component="span" c="dimmed" fw={400} fs="italic">
      {t('payments.deposit.notSet')}
    </Text>
  );
  // Numbers to type into a bKash or bank app stay as entered (ASCII digits), with a copy button.
  const shown = (value: string | null | undefined) => (value?.trim() ? <span lang="en">{value.trim()}</span> : notSet);
  const copyable = (value: string | null | undefined) => value?.trim() || undefined;
  const iconProps = { size: 22, stroke: 1.6, color: 'var(--mantine-color-teal-8)', 'aria-hidden': true } as const;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg="teal.0" data-testid="deposit-info">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('payments.deposit.title')}
        </Title>
        {info.isPending ? (
          <Skeleton h={60} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Fact
              icon={<IconReceipt {...iconProps} />}
              label={t('payments.deposit.fee')}
              value={info.data ? formatMoney(info.data.fee, lang) : notSet}
              testId="deposit-fee"
            />
            <Fact
              icon={<IconDeviceMobile {...iconProps} />}
              label={t('payments.deposit.bkash')}
              value={shown(info.data?.bkash_number)}
              testId="deposit-bkash"
              copy={copyable(info.data?.bkash_number)}
            />
            <Fact
              icon={<IconBuildingBank {...iconProps} />}
              label={t('payments.deposit.bank')}
              value={shown(info.data?.bank_account)}
              testId="deposit-bank"
              copy={copyable(info.data?.bank_account)}
            />
          </SimpleGrid>
        )}
        <Text size="sm">{t('payments.deposit.howTo')}</Text>
      </Stack>
    </Paper>
  );
}

/** What the institute still owes, under the amount. */
function useDueHint(user: PublicUser): string | undefined {
  const { t } = useTranslation();
  const lang = useLanguage();
  const analytics = useQuery({ ...analyticsQuery(), enabled: user.role === 'institute' });
  const due = analytics.data?.total_due;
  return due ? t('payments.hints.due', { amount: formatMoney(due, lang) }) : undefined;
}

/** The institute whose students the payment covers: the institute itself, or the admin's choice. */
function useInstituteOfForm(user: PublicUser): number | undefined {
  const chosen = useWatch({ name: 'institute_id' }) as string | undefined;
  if (user.role !== 'admin') return user.id;
  const id = Number(chosen);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function PaymentFormBody({ row }: { mode: FormMode; row?: PaymentRow }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const method = useWatch({ name: 'payment_method' }) as string;
  const dueHint = useDueHint(user);
  const instituteId = useInstituteOfForm(user);
  const approved = row?.state === 'approved';

  return (
    <>
      <DepositInfoCard />
      {row?.state === 'refused' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="refused-note">
          {t('payments.decision.refusedNote', { reason: row.refusal_reason ?? '' })}
        </Alert>
      )}
      {/* Keyed by institute: another institute (an admin's choice) has other students, so the choice starts again. */}
      {!approved && <PaymentStudents key={instituteId} instituteId={instituteId} held={row?.state === 'refused' ? 0 : (row?.students ?? 0)} />}
      <Fieldset legend={t('resources.payments.info')} variant="filled" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <InstituteOfForm user={user} label={t('payments.fields.institute_id')} valueLabel={row?.institute?.name} />
          <RadioGroupField name="payment_method" label={t('payments.fields.payment_method')} options={methodOptions(t)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              name="transaction_id"
              label={method === 'bank' ? t('payments.transactionLabel.bank') : t('payments.transactionLabel.bkash')}
              description={t('payments.hints.transaction')}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              lang="en"
            />
            <TextField
              name="amount"
              label={t('payments.fields.amount')}
              inputMode="numeric"
              leftSection={
                <Text span fw={600} aria-hidden>
                  ৳
                </Text>
              }
              description={[t('payments.hints.amount'), dueHint].filter(Boolean).join(' ')}
            />
            <DateField name="date" label={t('payments.fields.date')} maxDate={todayIso()} />
          </SimpleGrid>
          {isAdmin && <SwitchField name="is_approved" label={t('payments.fields.is_approved')} description={t('payments.hints.approve')} />}
        </Stack>
      </Fieldset>
      {!isAdmin && (
        <Alert
          color="yellow"
          variant="light"
          icon={row?.is_approved ? <IconInfoCircle aria-hidden /> : <IconHourglass aria-hidden />}
          data-testid="pending-note"
        >
          {t('payments.hints.pending')}
        </Alert>
      )}
    </>
  );
}
