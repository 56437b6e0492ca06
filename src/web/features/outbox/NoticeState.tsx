/** A message's state as a badge; a failed one offers to send it again (POST /api/v1/outbox/retry). */
import { Badge, Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../api/client';
import { failureMessage, notifyError, notifySuccess } from '../../components/notify';
import type { OutboxRow } from './outbox';

const COLORS = { pending: 'yellow', sending: 'blue', sent: 'teal', failed: 'red' } as const;

export function NoticeState({ row, queryKey }: { row: OutboxRow; queryKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => apiRequest<unknown>('/v1/outbox/retry', { body: { id: row.id } }),
    onSuccess: () => notifySuccess(t('outbox.retried')),
    onError: (error) => notifyError(failureMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
  return (
    <Group gap={6} wrap="nowrap">
      <Badge color={COLORS[row.state]} variant="light" miw="max-content" data-testid="notice-state">
        {t(`outbox.states.${row.state}`)}
      </Badge>
      {row.state === 'failed' && (
        <Button size="compact-xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} loading={retry.isPending} onClick={() => retry.mutate()}>
          {t('outbox.retry')}
        </Button>
      )}
    </Group>
  );
}
