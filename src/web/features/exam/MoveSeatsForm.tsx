/**
 * Moving a centre's students: from one centre to another, asked first; all of them or
 * none (422 under "to" when it is too small, 409 while an allocation runs). Says how many moved.
 */
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoveSeatsBody } from '../../../common/schemas/exam';
import { apiRequest } from '../../api/client';
import { EXAM_KEY } from '../../api/exam';
import { ApiForm } from '../../components/forms/ApiForm';
import { SelectField } from '../../components/forms/SelectField';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { useApiForm } from '../../components/forms/useApiForm';
import { notifySuccess } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { centres, type CentreRow } from './centres';

/** Asks in a modal; resolves true when confirmed. */
function confirmed(title: string, body: string, labels: { confirm: string; cancel: string }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels,
      confirmProps: { 'data-testid': 'confirm-move' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

export function MoveSeatsForm({ rows }: { rows: readonly CentreRow[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [moved, setMoved] = useState<string | null>(null);
  const nameOf = (id: number) => rows.find((row) => row.id === id)?.name_bn ?? '';
  const options = rows.map((row) => ({
    value: String(row.id),
    label: t('exam.move.option', { name: row.name_bn, seated: formatNumber(row.seated, lang), capacity: formatNumber(row.capacity, lang) }),
  }));

  const state = useApiForm({
    schema: MoveSeatsBody,
    defaultValues: { from_centre_id: '', to_centre_id: '' },
    onSubmit: async (body) => {
      setMoved(null);
      const sure = await confirmed(
        t('exam.move.confirmTitle'),
        t('exam.move.confirmBody', { from: nameOf(body.from_centre_id), to: nameOf(body.to_centre_id) }),
        {
          confirm: t('exam.move.confirm'),
          cancel: t('exam.move.cancel'),
        },
      );
      if (!sure) return;
      const { message } = await apiRequest<{ moved: number }>('/v1/exam/move-seats', { body });
      notifySuccess(message);
      setMoved(message);
      await Promise.all([queryClient.invalidateQueries({ queryKey: centres.queries.all }), queryClient.invalidateQueries({ queryKey: EXAM_KEY })]);
    },
  });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="move-seats">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('exam.move.title')}
        </Title>
        <Text size="sm">{t('exam.move.intro')}</Text>
        <ApiForm state={state}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <SelectField name="from_centre_id" label={t('exam.move.from')} data={options} searchable placeholder={t('register.placeholders.choose')} />
            <SelectField name="to_centre_id" label={t('exam.move.to')} data={options} searchable placeholder={t('register.placeholders.choose')} />
          </SimpleGrid>
          <Group>
            <SubmitButton label={t('exam.move.submit')} processingLabel={t('actions.processing')} />
          </Group>
        </ApiForm>
        {moved && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="moved">
            {moved}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
