/**
 * Processing the result (docs/integrators/results.md): how many candidates have marks, "process" (a job whose
 * progress is asked every second, POST /api/v1/results/process), and the preview per class the job
 * leaves (students, pass, fail, absent, talent pool, general, incomplete) to read before publishing.
 * A mark changed since makes the preview stale, and the screen says so.
 */
import { Alert, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalculator, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResultSummary } from '../../../common/schemas/results';
import { jobFailure, startJob, useWatchedJob } from '../../api/jobs';
import { JobStatus } from '../../components/JobProgress';
import { failureMessage } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { RESULTS_KEY, type ResultsView } from './api';
import { CountsTable, GRADE_COUNTS } from './CountsTable';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  const lang = useLanguage();
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {formatNumber(value, lang)}
      </Text>
    </div>
  );
}

export function ProcessPanel({ view }: { view: ResultsView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A run that ends brings the preview, the merit list and the dashboards' numbers.
  const { job, state, watch } = useWatchedJob<ResultSummary>(
    view.jobs.process?.id ?? null,
    () => void queryClient.invalidateQueries({ queryKey: RESULTS_KEY }),
  );

  const run = async () => {
    setStarting(true);
    setRefusal(null);
    try {
      watch(await startJob('/v1/results/process'));
    } catch (error) {
      setRefusal(failureMessage(error));
    } finally {
      setStarting(false);
    }
  };

  const running = starting || state === 'running';
  const stale = view.summary !== null && view.processed_at === null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="process-panel">
      <Stack gap="md">
        <Title order={3} size="h5">
          {t('results.process.title')}
        </Title>
        <Text size="sm">{t('results.process.intro')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Count label={t('results.process.candidates')} value={view.candidates} testId="results-candidates" />
          <Count label={t('results.process.marked')} value={view.marked} testId="results-marked" />
          <Count label={t('results.process.unmarked')} value={Math.max(0, view.candidates - view.marked)} testId="results-unmarked" />
        </SimpleGrid>
        <div>
          <Button
            leftSection={<IconCalculator size={18} aria-hidden />}
            onClick={() => void run()}
            loading={starting}
            disabled={running || view.published}
            data-testid="results-process"
          >
            {view.summary ? t('results.process.again') : t('results.process.run')}
          </Button>
        </div>
        {view.published && (
          <Text size="sm" c="dimmed">
            {t('results.process.publishedHint')}
          </Text>
        )}
        {refusal && (
          <Alert color="red" variant="light" data-testid="results-process-refused">
            {refusal}
          </Alert>
        )}
        <JobStatus
          job={job}
          caption={t('results.process.running')}
          label={t('results.process.progressLabel')}
          failed={(ended) => t('results.process.failed', { reason: jobFailure(ended.error) })}
          testId="results-process-progress"
          failedTestId="results-process-failed"
        />
        {stale && (
          <Alert color="orange" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="results-stale">
            {t('results.process.stale')}
          </Alert>
        )}
        {view.summary && (
          <Stack gap="xs">
            <Title order={4} size="h6">
              {view.processed_at ? t('results.process.previewAt', { at: formatDateTime(view.processed_at, lang) }) : t('results.process.preview')}
            </Title>
            <CountsTable classes={view.summary.classes} counts={[...GRADE_COUNTS, 'incomplete']} testId="results-preview" />
            <Text size="xs" c="dimmed">
              {t('results.process.incompleteHint')}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
