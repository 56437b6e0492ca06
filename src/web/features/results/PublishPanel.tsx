/**
 * Publishing the result (README: Results day): once processed, "publish" asks first, then starts the
 * job that writes the public snapshot (its progress asked every second); "unpublish" asks first and
 * takes the result off the public site at once. A refusal (not processed, a job running) says why.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconWorldUpload, IconWorldOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../api/client';
import { jobFailure, useWatchedJob } from '../../api/jobs';
import { JobStatus } from '../../components/JobProgress';
import { failureMessage, notifySuccess } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { RESULTS_KEY, type ResultsView } from './api';

export function PublishPanel({ view }: { view: ResultsView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { job, state, watch } = useWatchedJob(view.jobs.publish?.id ?? null, () => void queryClient.invalidateQueries({ queryKey: RESULTS_KEY }));

  const send = async (published: 0 | 1) => {
    setBusy(true);
    setRefusal(null);
    try {
      const { message, data } = await apiRequest<{ job_id?: number; published?: boolean }>('/v1/results/publish', { body: { published } });
      if (data.job_id) watch(data.job_id);
      else await queryClient.invalidateQueries({ queryKey: RESULTS_KEY });
      notifySuccess(message);
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const ask = (published: 0 | 1) => {
    const which = published ? 'On' : 'Off';
    modals.openConfirmModal({
      title: t(`results.publish.confirm${which}Title`),
      children: <Text size="sm">{t(`results.publish.confirm${which}Body`)}</Text>,
      labels: { confirm: t(`results.publish.confirm${which}`), cancel: t('results.publish.cancel') },
      confirmProps: { color: published ? 'teal' : 'red', 'data-testid': 'confirm-results-publish' } as Record<string, string>,
      onConfirm: () => void send(published),
    });
  };

  const running = busy || state === 'running';
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} bg={view.published ? 'teal.0' : undefined} data-testid="results-publish">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('results.publish.title')}
        </Title>
        <Text size="sm" c={view.published ? 'teal.9' : 'dimmed'} data-testid="results-publish-state">
          {view.published
            ? t('results.publish.on', { at: view.published_at ? formatDateTime(view.published_at, lang) : '' })
            : view.processed_at
              ? t('results.publish.ready')
              : t('results.publish.notProcessed')}
        </Text>
        <Group>
          {view.published ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconWorldOff size={18} aria-hidden />}
              onClick={() => ask(0)}
              loading={busy}
              data-testid="results-unpublish"
            >
              {t('results.publish.unpublish')}
            </Button>
          ) : (
            <Button
              color="teal"
              leftSection={<IconWorldUpload size={18} aria-hidden />}
              onClick={() => ask(1)}
              loading={busy}
              disabled={running}
              data-testid="results-publish-button"
            >
              {t('results.publish.publish')}
            </Button>
          )}
        </Group>
        {refusal && (
          <Alert color="red" variant="light" data-testid="results-publish-refused">
            {refusal}
          </Alert>
        )}
        <JobStatus
          job={job}
          caption={t('results.publish.running')}
          label={t('results.publish.progressLabel')}
          failed={(ended) => t('results.publish.failed', { reason: jobFailure(ended.error) })}
          testId="results-publish-progress"
        />
      </Stack>
    </Paper>
  );
}
