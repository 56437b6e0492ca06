/**
 * Students' photos in bulk (docs/integrators/photos.md), beside the sheet import: the zip chosen (for an
 * admin, the institute first), sent with its progress and checked as a job with its own, the dry run's
 * counts and files, the choice for students who already have a photo, then the real run and its
 * counts. Nothing is stored before the person confirms.
 */
import { Alert, Anchor, Box, Button, Group, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPhoto, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PHOTO_ZIP_MAX_ENTRIES, type PhotoReport } from '../../../../common/schemas/photos';
import { ApiError } from '../../../api/client';
import { jobFailure, useWatchedJob } from '../../../api/jobs';
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

type Purpose = 'check' | 'store';
type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; purpose: Purpose; loaded: number; total: number }
  | { kind: 'checking'; purpose: Purpose; done: number; total: number | null; jobId?: number }
  | { kind: 'checked'; report: PhotoReport }
  | { kind: 'stored'; report: PhotoReport };

type Problems = { file?: string; institute?: string };

export function PhotosScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [instituteId, setInstituteId] = useState('');
  const [replace, setReplace] = useState<'replace' | 'keep'>('keep');
  const [phaseSet, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problems, setProblems] = useState<Problems>({});
  const running = useRef<AbortController | null>(null);
  const n = (value: number) => formatNumber(value, lang);

  useEffect(() => () => running.current?.abort(), []);

  // The job checking (or storing) the last zip sent; a job started before "start over" is no longer shown.
  const shown = useRef<{ jobId: number; purpose: Purpose } | null>(null);
  const watched = useWatchedJob<PhotoReport>(null, (job) => {
    const current = shown.current;
    if (!current || current.jobId !== job.id) return;
    shown.current = null;
    if (job.state === 'done' && job.result) {
      setPhase({ kind: current.purpose === 'check' ? 'checked' : 'stored', report: job.result });
      if (current.purpose === 'store') void queryClient.invalidateQueries({ queryKey: registrations.queries.all });
    } else {
      setProblems({ file: jobFailure(job.error) });
      setPhase({ kind: 'idle' });
    }
  });
  // While the job runs, its progress is the phase's.
  const job = watched.job;
  const phase: Phase =
    phaseSet.kind === 'checking' && job && job.id === phaseSet.jobId && job.state === 'running' ? { ...phaseSet, done: job.done, total: job.total } : phaseSet;

  const busy = phase.kind === 'uploading' || phase.kind === 'checking';

  const run = async (chosen: File, dryRun: boolean, institute = instituteId) => {
    running.current?.abort();
    shown.current = null;
    const controller = new AbortController();
    running.current = controller;
    const purpose: Purpose = dryRun ? 'check' : 'store';
    setProblems({});
    setPhase({ kind: 'uploading', purpose, loaded: 0, total: chosen.size });
    try {
      const jobId = await uploadPhotos({
        file: chosen,
        dryRun,
        replace: replace === 'replace',
        instituteId: isAdmin ? institute || undefined : undefined,
        onProgress: (loaded, total) =>
          setPhase(total > 0 && loaded >= total ? { kind: 'checking', purpose, done: 0, total: null } : { kind: 'uploading', purpose, loaded, total }),
        onUploaded: () => setPhase({ kind: 'checking', purpose, done: 0, total: null }),
        signal: controller.signal,
      });
      if (controller.signal.aborted) return;
      setPhase({ kind: 'checking', purpose, done: 0, total: null, jobId });
      shown.current = { jobId, purpose };
      watched.watch(jobId);
    } catch (error) {
      if (controller.signal.aborted) return;
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const known = { file: fields.file?.join(' '), institute: fields.institute_id?.join(' ') };
      setProblems(known.file || known.institute ? known : { file: failureMessage(error) });
      setPhase({ kind: 'idle' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    void run(chosen, true);
  };

  const startOver = () => {
    running.current?.abort();
    shown.current = null;
    setFile(null);
    setProblems({});
    setPhase({ kind: 'idle' });
  };

  const percent =
    phase.kind === 'uploading' && phase.total > 0
      ? Math.min(100, Math.round((phase.loaded / phase.total) * 100))
      : phase.kind === 'checking' && phase.total
        ? Math.min(100, Math.round((phase.done / phase.total) * 100))
        : null;
  const report = phase.kind === 'checked' || phase.kind === 'stored' ? phase.report : null;
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
              setInstituteId(value);
              setProblems((current) => ({ ...current, institute: undefined }));
              if (file && phase.kind !== 'stored') void run(file, true, value);
            }}
            error={problems.institute}
            disabled={busy}
            wrapperProps={{ 'data-testid': 'photos-institute' }}
          />
        </Box>
      )}

      {phase.kind !== 'stored' && (
        <SheetDropZone
          label={t('registrations.photos.file')}
          description={t('registrations.photos.fileHint', { limit: n(PHOTO_ZIP_MAX_ENTRIES) })}
          prompt={file ? t('registrations.photos.chosen', { name: file.name }) : t('registrations.photos.drop')}
          change={t('registrations.photos.change')}
          chosen={file !== null}
          error={problems.file}
          busy={busy}
          onChoose={choose}
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
              : t(phase.purpose === 'store' ? 'registrations.photos.storing' : 'registrations.photos.checking', {
                  done: phase.total ? `${n(phase.done)} / ${n(phase.total)}` : '',
                })}
          </Text>
          <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} aria-label={t('registrations.photos.progressLabel')} />
        </Stack>
      )}

      {report && (
        <>
          {phase.kind === 'stored' && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('registrations.photos.doneTitle')} data-testid="photos-done">
              <Stack gap="sm">
                <Text size="sm">
                  {t('registrations.photos.done', {
                    stored: n(report.stored),
                    kept: n(report.rows.filter((row) => row.status === 'kept').length),
                    refused: n(report.refused),
                  })}
                </Text>
                <Group gap="sm">
                  <Button variant="default" onClick={startOver}>
                    {t('registrations.photos.again')}
                  </Button>
                  <Anchor component={Link} to={registrations.href.list} size="sm">
                    {t('registrations.photos.toList')}
                  </Anchor>
                </Group>
              </Stack>
            </Alert>
          )}

          <Counts report={report} stored={phase.kind === 'stored'} format={n} />

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
                  <Button
                    leftSection={<IconUpload size={18} aria-hidden />}
                    onClick={() => file && void run(file, false)}
                    disabled={toStore === 0}
                    data-testid="photos-submit"
                  >
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
