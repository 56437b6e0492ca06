/**
 * A button that has the server make a PDF as a job and downloads it when ready (architecture §9):
 * the job's progress under it while it runs, then the file saved under the server's name and a
 * success message; a refusal or a failed job says why.
 */
import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { downloadAttachment, jobFailure, watchJob } from '../api/jobs';
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
  const [progress, setProgress] = useState<{ done: number; total: number | null } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // Leaving the screen stops the watching (the job itself runs on).
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setSaved(null);
    setProgress({ done: 0, total: null });
    try {
      const id = await start();
      const job = await watchJob(id, (state) => setProgress({ done: state.done, total: state.total }), abort.signal);
      if (job.state === 'done') {
        const name = await downloadAttachment(`/v1/jobs/${id}/file`, fileName);
        setSaved(name);
        notifySuccess(t('documents.downloaded', { file: name }));
      } else notifyError(jobFailure(job.error));
    } catch (error) {
      if (!abort.signal.aborted) notifyError(refusal(error));
    } finally {
      if (!abort.signal.aborted) setProgress(null);
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
