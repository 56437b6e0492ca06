/**
 * Publishing the admit cards: a switch that asks first, then POST /api/v1/exam/publish.
 * Until published, institutes cannot download them (403); an admin can at any time.
 */
import { Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../api/client';
import { EXAM_KEY, type ExamView } from '../../api/exam';
import { failureMessage, notifyError, notifySuccess } from '../../components/notify';

export function PublishCard({ exam }: { exam: ExamView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const published = exam.admit_cards_published === 1;
  const publish = useMutation({
    mutationFn: (value: 0 | 1) => apiRequest<ExamView>('/v1/exam/publish', { body: { published: value } }),
    onSuccess: ({ message, data }) => {
      queryClient.setQueryData(EXAM_KEY, data);
      notifySuccess(message);
    },
    onError: (error) => notifyError(failureMessage(error)),
  });

  const ask = () => {
    const next = published ? 'Off' : 'On';
    modals.openConfirmModal({
      title: t(`exam.publish.confirm${next}Title`),
      children: <Text size="sm">{t(`exam.publish.confirm${next}Body`)}</Text>,
      labels: { confirm: t(`exam.publish.confirm${next}`), cancel: t('exam.publish.cancel') },
      confirmProps: { color: published ? 'red' : 'teal', 'data-testid': 'confirm-publish' },
      onConfirm: () => publish.mutate(published ? 0 : 1),
    });
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg={published ? 'teal.0' : undefined} data-testid="publish-card">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('exam.publish.title')}
        </Title>
        <Switch checked={published} onChange={ask} disabled={publish.isPending} label={t('exam.publish.label')} color="teal" data-testid="publish-switch" />
        <Text size="sm" c={published ? 'teal.9' : 'dimmed'} data-testid="publish-state">
          {published ? t('exam.publish.on') : t('exam.publish.off')}
        </Text>
      </Stack>
    </Paper>
  );
}
