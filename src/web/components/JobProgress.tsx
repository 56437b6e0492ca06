/**
 * A job's progress (architecture §9: long work shows progress): a bar and "what, done / total" in the
 * interface's digits; striped and moving while the total is not known yet.
 */
import { Alert, Progress, Stack, Text } from '@mantine/core';
import type { JobView } from '../api/jobs';
import { useLanguage } from '../i18n';
import { formatNumber } from '../i18n/format';

export function JobProgress({ done, total, caption, label, testId }: { done: number; total: number | null; caption: string; label: string; testId?: string }) {
  const lang = useLanguage();
  const known = total !== null && total > 0;
  const percent = known ? Math.min(100, (done / total) * 100) : 100;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" aria-live="polite">
        {known ? `${caption} ${formatNumber(done, lang)} / ${formatNumber(total, lang)}` : caption}
      </Text>
      <Progress value={percent} animated={!known} striped={!known} size="md" aria-label={label} />
    </Stack>
  );
}

/** A job's progress while it runs, and why it failed once it has. */
export function JobStatus({
  job,
  caption,
  label,
  failed,
  testId,
  failedTestId,
}: {
  job: JobView<unknown> | undefined;
  caption: string;
  label: string;
  failed: (job: JobView<unknown>) => string;
  testId?: string;
  failedTestId?: string;
}) {
  if (job?.state === 'running') return <JobProgress done={job.done} total={job.total} caption={caption} label={label} testId={testId} />;
  if (job?.state === 'failed')
    return (
      <Alert color="red" variant="light" data-testid={failedTestId}>
        {failed(job)}
      </Alert>
    );
  return null;
}
