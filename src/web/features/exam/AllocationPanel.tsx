/**
 * The seat allocation (architecture §9): the centres' totals, how rooms are filled this
 * time, "run" (a job), its progress asked every second, and its report. The last run on this device is
 * shown again when the screen is reopened.
 */
import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArmchair, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEATINGS, type Seating } from '../../../common/constants';
import { ApiError } from '../../api/client';
import { EXAM_KEY, type ExamView } from '../../api/exam';
import { jobFailure, useWatchedJob } from '../../api/jobs';
import { JobStatus } from '../../components/JobProgress';
import { failureMessage, notifyError } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { forgetAllocationJob, lastAllocationJob, startAllocation, type AllocationReport as Report } from './allocation';
import { AllocationReport } from './AllocationReport';
import { centres } from './centres';

function Total({ label, value, testId }: { label: string; value: number; testId: string }) {
  const lang = useLanguage();
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid="total-value">
        {formatNumber(value, lang)}
      </Text>
    </div>
  );
}

export function AllocationPanel({ exam, centreNames }: { exam: ExamView; centreNames: ReadonlyMap<number, string> }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [seating, setSeating] = useState<Seating>(exam.seating);
  const [starting, setStarting] = useState(false);
  // When a run ends, the totals and the centres' seat counts are fetched again.
  const { query, watch } = useWatchedJob<Report>(lastAllocationJob, (ended) => {
    if (ended.state !== 'done') return;
    void queryClient.invalidateQueries({ queryKey: EXAM_KEY });
    void queryClient.invalidateQueries({ queryKey: centres.queries.all });
  });

  // A job this device no longer may see (another database, another admin's) is forgotten.
  const gone = query.error instanceof ApiError && query.error.status === 404;
  const job = gone ? undefined : query.data;
  const state = job?.state;
  useEffect(() => {
    if (gone) forgetAllocationJob();
  }, [gone]);

  const run = async () => {
    setStarting(true);
    try {
      watch(await startAllocation(seating));
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setStarting(false);
    }
  };

  const running = starting || state === 'running';
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="allocation-panel">
      <Stack gap="md">
        <Text size="sm">{t('exam.allocation.intro')}</Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Total label={t('exam.allocation.centres')} value={exam.centres} testId="total-centres" />
          <Total label={t('exam.allocation.capacity')} value={exam.capacity} testId="total-capacity" />
          <Total label={t('exam.allocation.seated')} value={exam.seated} testId="total-seated" />
          <Total label={t('exam.allocation.free')} value={Math.max(0, exam.capacity - exam.seated)} testId="total-free" />
        </SimpleGrid>
        {exam.centres === 0 && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
            {t('exam.allocation.noCentres')}
          </Alert>
        )}
        <Radio.Group value={seating} onChange={(value) => setSeating(value as Seating)} label={t('exam.allocation.seating')} data-testid="allocation-seating">
          <Group gap="lg" mt={6}>
            {SEATINGS.map((value) => (
              <Radio key={value} value={value} label={t(`exam.form.seatings.${value}`)} disabled={running} />
            ))}
          </Group>
        </Radio.Group>
        <div>
          <Button
            leftSection={<IconArmchair size={18} aria-hidden />}
            onClick={() => void run()}
            loading={starting}
            disabled={running || exam.centres === 0}
            data-testid="run-allocation"
          >
            {t('exam.allocation.run')}
          </Button>
        </div>
        <JobStatus
          job={job}
          caption={t('exam.allocation.running')}
          label={t('exam.allocation.progressLabel')}
          failed={(ended) => t('exam.allocation.failed', { reason: jobFailure(ended.error) })}
          testId="allocation-progress"
          failedTestId="allocation-failed"
        />
        {state === 'done' && job?.result && <AllocationReport report={job.result} centreNames={centreNames} />}
      </Stack>
    </Paper>
  );
}
