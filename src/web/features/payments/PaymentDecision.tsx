/**
 * An admin's decision on a payment, under its details (architecture §9): approve it, or refuse it with
 * a reason the institute reads on the payment (and by SMS). An approved payment can still be refused
 * (a bank reversal); a refused one is corrected by its institute, which sends it back for approval.
 */
import { Alert, Button, Chip, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_REFUSAL_REASON } from '../../../common/schemas/payments';
import { RESOURCES } from '../../../common/resources';
import { ANALYTICS_KEY } from '../../api/analytics';
import { ApiError, apiRequest } from '../../api/client';
import { useCurrentUser } from '../../auth/session';
import { notifyError, notifySuccess } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatDateTime, formatNumber } from '../../i18n/format';
import type { PaymentRow } from './payments';

const api = `/v1/${RESOURCES.payments.name}`;
const REASONS = ['wrong_id', 'amount', 'duplicate', 'not_received'] as const;

export function PaymentDecision({ row }: { row: PaymentRow }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();

  const decide = useMutation({
    mutationFn: (decision: { action: 'approve' } | { action: 'refuse'; reason: string }) =>
      apiRequest<unknown>(`${api}/${decision.action}`, { body: decision.action === 'approve' ? { id: row.id } : { id: row.id, reason: decision.reason } }),
    onSuccess: async ({ message }) => {
      notifySuccess(message);
      setRefusing(false);
      setReason('');
      await Promise.all([queryClient.invalidateQueries({ queryKey: [RESOURCES.payments.name] }), queryClient.invalidateQueries({ queryKey: ANALYTICS_KEY })]);
    },
    onError: (error) => {
      const fieldError = error instanceof ApiError ? error.fieldErrors?.reason?.[0] : undefined;
      if (fieldError) setReasonError(fieldError);
      else notifyError(error.message);
    },
  });

  if (user.role !== 'admin' || row.status !== 1) return null;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-hide" data-testid="payment-decision">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('payments.decision.title')}
        </Title>
        {row.state === 'refused' && (
          <Alert variant="light" color="red" icon={<IconX aria-hidden />} data-testid="refusal">
            <Stack gap={4}>
              <span>
                {t('payments.decision.refusedCard', { at: row.refused_at ? formatDateTime(row.refused_at, lang) : '', reason: row.refusal_reason ?? '—' })}
              </span>
              <span>{t('payments.decision.refusedWait')}</span>
            </Stack>
          </Alert>
        )}
        {row.state === 'approved' && (
          <Alert variant="light" color="teal" icon={<IconInfoCircle aria-hidden />}>
            {t('payments.decision.approvedNote', { number: formatNumber(row.students, lang) })}
          </Alert>
        )}
        {refusing ? (
          <Stack gap="xs">
            <Chip.Group
              value=""
              onChange={(choice) => {
                setReason(t(`payments.decision.reasons.${choice as (typeof REASONS)[number]}`));
                setReasonError(undefined);
              }}
            >
              <Group gap={6}>
                {REASONS.map((key) => (
                  <Chip key={key} value={key} size="sm" variant="outline">
                    {t(`payments.decision.reasons.${key}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Textarea
              label={t('payments.decision.reason')}
              description={t('payments.decision.reasonHint')}
              value={reason}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(undefined);
              }}
              maxLength={MAX_REFUSAL_REASON}
              autosize
              minRows={2}
              error={reasonError}
              data-testid="refusal-reason"
              data-autofocus
            />
            <Group gap="sm">
              <Button
                color="red"
                leftSection={<IconX size={16} aria-hidden />}
                loading={decide.isPending}
                onClick={() => decide.mutate({ action: 'refuse', reason })}
                data-testid="confirm-refuse"
              >
                {t('payments.decision.confirmRefuse')}
              </Button>
              <Button variant="default" onClick={() => setRefusing(false)} disabled={decide.isPending}>
                {t('confirm.cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="sm">
            {row.state === 'pending' && (
              <Button
                color="teal"
                leftSection={<IconCheck size={16} aria-hidden />}
                loading={decide.isPending}
                onClick={() => decide.mutate({ action: 'approve' })}
                data-testid="approve-payment"
              >
                {t('payments.decision.approve')}
              </Button>
            )}
            {row.state !== 'refused' && (
              <Button variant="light" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={() => setRefusing(true)} data-testid="refuse-payment">
                {t('payments.decision.refuse')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
