/**
 * Deactive, Restore and Destroy (spec §4): each asks first in a Mantine modal, then calls the API,
 * shows the server's message and reloads the resource's lists.
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failureMessage, notifyError, notifySuccess } from '../components/notify';
import type { Row } from './api';
import type { Resource } from './defineResource';

type Change = 'deactivate' | 'restore' | 'destroy';

export function useRowChanges<R extends Row>(resource: Resource<R>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const calls: Record<Change, (id: number) => Promise<{ message: string }>> = {
    deactivate: resource.endpoints.softDelete,
    restore: resource.endpoints.restore,
    destroy: resource.endpoints.destroy,
  };

  const ask = (change: Change, row: R, after?: () => void) => {
    const name = resource.rowLabel(row);
    modals.openConfirmModal({
      title: t(`confirm.${change}Title`),
      children: <Text size="sm">{t(`confirm.${change}Body`, { name })}</Text>,
      labels: { confirm: t(`confirm.${change}Confirm`), cancel: t('confirm.cancel') },
      confirmProps: { color: change === 'restore' ? 'teal' : 'red' },
      onConfirm: async () => {
        try {
          const { message } = await calls[change](row.id);
          notifySuccess(message);
          after?.();
        } catch (error) {
          notifyError(failureMessage(error));
        } finally {
          await Promise.all([resource.queries.all, ...(resource.alsoInvalidates ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
        }
      },
    });
  };

  return {
    deactivate: (row: R, after?: () => void) => ask('deactivate', row, after),
    restore: (row: R, after?: () => void) => ask('restore', row, after),
    destroy: (row: R, after?: () => void) => ask('destroy', row, after),
  };
}
