/**
 * Students' photos in bulk (docs/integrators/photos.md), beside the sheet import: the zip chosen (for an
 * admin, the institute first), sent with its progress and checked as a job with its own, the dry run's
 * counts and files, the choice for students who already have a photo, then the real run and its
 * counts. Nothing is stored before the person confirms.
 */
import { Alert, Anchor, Box, Button, Group, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PHOTO_ZIP_MAX_ENTRIES, type PhotoReport } from '../../../../common/schemas/photos';
import { ApiError } from '../../../api/client';
import { jobFailure, type JobView, useWatchedJob } from '../../../api/jobs';
import { useCurrentUser } from '../../../auth/session';
import { RemoteSelect } from '../../../components/RemoteSelect';
import { failureMessage } from '../../../components/notify';
import { SheetDropZone } from '../../../components/upload/SheetDropZone';
import { useLanguage } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';
import { registrations } from '../registrations';
import { PhotoRows } from './PhotoRows';
import { uploadPhotos } from './photosApi';
import { CountCards } from '../../../import/CountCards';
import { DoneNotice } from '../../../import/DoneNotice';
import { useImportRun } from '../../../import/useImportRun';

/** A job that ended without its report: why, in the interface language. */
class JobFailed extends Error {}

export function PhotosScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const queryClient = useQueryClient();
  const [instituteId, setInstituteId] = useState('');
  // Read when a zip is sent: a new choice checks the chosen file again at once, before the next render.
  const institute = useRef('');
  const [replace, setReplace] = useState<'replace' | 'keep'>('keep');
  const n = (value: number) => formatNumber(value, lang);

  // The job checking (or storing) the zip last sent, settled when it ends; one of a run given up is let go.
  const pending = useRef<{ jobId: number; settle: (job: JobView<PhotoReport>) => void } | null>(null);
  const [runningJob, setRunningJob] = useState<number | null>(null);
  const watched = useWatchedJob<PhotoReport>(null, (job) => {
    if (pending.current?.jobId === job.id) pending.current.settle(job);
  });

  const sheet = useImportRun<PhotoReport>({
    send: async ({ file, dryRun, onProgress, onUploaded, signal }) => {
      const instituteChoice = isAdmin ? institute.current || undefined : undefined;
      const jobId = await uploadPhotos({ file, dryRun, replace: replace === 'replace', instituteId: instituteChoice, onProgress, onUploaded, signal });
      setRunningJob(jobId);
      return new Promise<PhotoReport>((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        pending.current = {
          jobId,
          settle: (job) => {
            pending.current = null;
            if (job.state === 'done' && job.result) resolve(job.result);
            else reject(new JobFailed(jobFailure(job.error)));
          },
        };
        signal.addEventListener('abort', () => {
          if (pending.current?.jobId === jobId) pending.current = null;
          reject(signal.reason);
        });
        watched.watch(jobId);
      });
    },
    onImported: () => queryClient.invalidateQueries({ queryKey: registrations.queries.all }),
    problemsOf: (error) => {
      if (error instanceof JobFailed) return { file: error.message };
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const known = { file: fields.file?.join(' '), institute: fields.institute_id?.join(' ') };
      return known.file || known.institute ? known : { file: failureMessage(error) };
    },
  });
  const { phase, file, busy, report, problems } = sheet;
  const stored = phase.kind === 'imported';

  // While the job runs, its progress is the check's.
  const job = phase.kind === 'checking' && watched.job?.id === runningJob && watched.job.state === 'running' ? watched.job : null;
  const percent =
    phase.kind === 'uploading' && phase.total > 0
      ? Math.min(100, Math.round((phase.loaded / phase.total) * 100))
      : job?.total
        ? Math.min(100, Math.round((job.done / job.total) * 100))
        : null;
  const toStore = report ? report.matched - (replace === 'keep' ? report.existing : 0) : 0;

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2} size="h4">
        {t('registrations.photos.title')}
      </Title>
      <Text size="sm">{t('registrations.photos.intro')}</Text>

      {isAdmin && (
        <Box maw={480}>
          <RemoteSelect
            label={t('registrations.photos.institute')}
            url="/v1/users"
            fields={['id', 'name', 'role']}
            params={{ role: 'institute' }}
            value={instituteId}
            onChange={(value) => {
              institute.current = value;
              setInstituteId(value);
              sheet.clearProblem('institute');
              sheet.recheck();
            }}
            error={problems.institute}
            disabled={busy}
            wrapperProps={{ 'data-testid': 'photos-institute' }}
          />
        </Box>
      )}

      {!stored && (
        <SheetDropZone
          label={t('registrations.photos.file')}
          description={t('registrations.photos.fileHint', { limit: n(PHOTO_ZIP_MAX_ENTRIES) })}
          prompt={file ? t('registrations.photos.chosen', { name: file.name }) : t('registrations.photos.drop')}
          change={t('registrations.photos.change')}
          chosen={file !== null}
          error={problems.file}
          busy={busy}
          onChoose={sheet.choose}
          testId="photos"
          accept=".zip,application/zip,application/x-zip-compressed"
          icon={IconPhoto}
        />
      )}

      {busy && (
        <Stack gap={4} data-testid="photos-progress">
          <Text size="sm" aria-live="polite">
            {phase.kind === 'uploading'
              ? t('registrations.photos.uploading', { percent: percent === null ? '' : `${n(percent)}%` })
              : t(phase.kind === 'checking' && phase.purpose === 'import' ? 'registrations.photos.storing' : 'registrations.photos.checking', {
                  done: job?.total ? `${n(job.done)} / ${n(job.total)}` : '',
                })}
          </Text>
          <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} aria-label={t('registrations.photos.progressLabel')} />
        </Stack>
      )}

      {report && (
        <>
          {stored && (
            <DoneNotice
              title={t('registrations.photos.doneTitle')}
              text={t('registrations.photos.done', {
                stored: n(report.stored),
                kept: n(report.rows.filter((row) => row.status === 'kept').length),
                refused: n(report.refused),
              })}
              again={t('registrations.photos.again')}
              onAgain={sheet.startOver}
              testId="photos-done"
              after={
                <Anchor component={Link} to={registrations.href.list} size="sm">
                  {t('registrations.photos.toList')}
                </Anchor>
              }
            />
          )}

          <Counts report={report} stored={stored} format={n} />

          {phase.kind === 'checked' &&
            (report.matched > 0 ? (
              <Stack gap="sm">
                {report.existing > 0 && (
                  <Radio.Group
                    value={replace}
                    onChange={(value) => setReplace(value === 'replace' ? 'replace' : 'keep')}
                    label={t('registrations.photos.existingChoice', { number: n(report.existing) })}
                    data-testid="photos-existing"
                  >
                    <Group gap="md" mt={6}>
                      <Radio value="keep" label={t('registrations.photos.keep')} />
                      <Radio value="replace" label={t('registrations.photos.replace')} />
                    </Group>
                  </Radio.Group>
                )}
                <Group>
                  <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={sheet.submit} disabled={toStore === 0} data-testid="photos-submit">
                    {t('registrations.photos.submit', { number: n(toStore) })}
                  </Button>
                </Group>
              </Stack>
            ) : (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {t('registrations.photos.nothing')}
              </Alert>
            ))}

          <PhotoRows key={phase.kind} rows={report.rows} />
        </>
      )}
    </Stack>
  );
}

function Counts({ report, stored, format }: { report: PhotoReport; stored: boolean; format: (value: number) => string }) {
  const { t } = useTranslation();
  const cards: { key: 'total' | 'matched' | 'existing' | 'refused' | 'stored'; color: string }[] = [
    { key: 'total', color: 'blue' },
    stored ? { key: 'stored', color: 'teal' } : { key: 'matched', color: 'teal' },
    { key: 'existing', color: 'gray' },
    { key: 'refused', color: 'red' },
  ];
  return (
    <CountCards
      cards={cards.map((card) => ({ ...card, label: t(`registrations.photos.counts.${card.key}`), value: format(report[card.key]) }))}
      testId="photos"
    />
  );
}
