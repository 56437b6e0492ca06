/**
 * A button that has the server make a PDF as a job and downloads it when ready (architecture §9):
 * the job's progress under it while it runs, then the file saved under the server's name and a
 * success message; a refusal or a failed job says why.
 */
import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { downloadAttachment, jobFailure, type JobView, useWatchedJob } from '../api/jobs';
import { JobProgress } from '../components/JobProgress';
import { failureMessage, notifyError, notifySuccess } from '../components/notify';

/** Why the server would not start it: a 422's own reason (nothing to print) rather than "the form has errors". */
function refusal(error: unknown): string {
  const reasons = error instanceof ApiError ? Object.values(error.fieldErrors).flat() : [];
  return reasons[0] ?? failureMessage(error);
}

type Props = ButtonProps & {
  label: string;
  /** Starts the job and answers its id. */
  start: () => Promise<number>;
  /** The file's name should the server send none. */
  fileName: string;
  testId?: string;
};

export function DocumentButton({ label, start, fileName, testId, ...button }: Props) {
  const { t } = useTranslation();
  // Starting the job, then fetching its file: the job's own progress shows in between.
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const finish = async (job: JobView) => {
    setBusy(true);
    try {
      if (job.state !== 'done') return notifyError(jobFailure(job.error));
      const name = await downloadAttachment(`/v1/jobs/${job.id}/file`, fileName);
      setSaved(name);
      notifySuccess(t('documents.downloaded', { file: name }));
    } catch (error) {
      notifyError(refusal(error));
    } finally {
      setBusy(false);
    }
  };
  // Leaving the screen stops the watching (the job itself runs on).
  const watched = useWatchedJob(null, (job) => void finish(job));
  // A job just started reads as running until its first answer.
  const running = watched.jobId !== null && !watched.query.isError && (watched.state ?? 'running') === 'running';
  const progress = busy || running ? { done: running ? (watched.job?.done ?? 0) : 0, total: running ? (watched.job?.total ?? null) : null } : null;

  const run = async () => {
    setSaved(null);
    setBusy(true);
    try {
      watched.watch(await start());
    } catch (error) {
      notifyError(refusal(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Button
        leftSection={<IconFileDownload size={18} aria-hidden />}
        {...button}
        loading={false}
        disabled={button.disabled || progress !== null}
        onClick={() => void run()}
        data-testid={testId}
      >
        {label}
      </Button>
      {progress && (
        <JobProgress
          done={progress.done}
          total={progress.total}
          caption={t('documents.preparing')}
          label={t('documents.progressLabel')}
          testId={testId && `${testId}-progress`}
        />
      )}
      {saved && !progress && (
        <Text size="sm" c="teal.9" data-testid={testId && `${testId}-saved`}>
          {t('documents.downloaded', { file: saved })}
        </Text>
      )}
    </Stack>
  );
}
