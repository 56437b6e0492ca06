/**
 * Registrations from an Excel or CSV sheet: the template download, the file field (a drop
 * zone), for an admin the institute, then a dry run with upload progress and the per-row report,
 * "import N valid rows", the result and the refused rows' .xlsx. Nothing is stored before the user
 * confirms; after a real import the registration list and the dashboard's counts are asked again.
 */
import { Alert, Anchor, Box, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../auth/session';
import { RemoteSelect } from '../../../components/RemoteSelect';
import { SheetDropZone } from '../../../components/upload/SheetDropZone';
import { failureMessage, notifyError } from '../../../components/notify';
import { useLanguage } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';
import { registrations } from '../registrations';
import type { RegistrationImportReport as ImportReport } from '../../../../common/schemas/imports';
import { downloadFailedRows, downloadTemplate, importSheet } from './importApi';
import { ImportRows } from './ImportRows';

/** The server refuses a sheet of more rows (its importer reads a sheet whole, in memory). */
export const IMPORT_ROW_LIMIT = 20_000;

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; purpose: 'check' | 'import'; loaded: number; total: number }
  | { kind: 'checking'; purpose: 'check' | 'import' }
  | { kind: 'checked'; report: ImportReport }
  | { kind: 'imported'; report: ImportReport };

type Problems = { file?: string; institute?: string };

export function ImportScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [instituteId, setInstituteId] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problems, setProblems] = useState<Problems>({});
  const [downloading, setDownloading] = useState<'template' | 'failed' | null>(null);
  const running = useRef<AbortController | null>(null);
  const n = (value: number) => formatNumber(value, lang);

  // Leaving the screen stops an upload still under way (a real import the server already has goes on there).
  useEffect(() => () => running.current?.abort(), []);
  const busy = phase.kind === 'uploading' || phase.kind === 'checking';

  const run = async (chosen: File, dryRun: boolean, institute = instituteId) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const purpose = dryRun ? 'check' : 'import';
    setProblems({});
    setPhase({ kind: 'uploading', purpose, loaded: 0, total: chosen.size });
    try {
      const { report } = await importSheet({
        file: chosen,
        dryRun,
        instituteId: isAdmin ? institute || undefined : undefined,
        // All sent: the server is reading the rows now (upload.onload says so too, but not in every browser).
        onProgress: (loaded, total) => setPhase(total > 0 && loaded >= total ? { kind: 'checking', purpose } : { kind: 'uploading', purpose, loaded, total }),
        onUploaded: () => setPhase({ kind: 'checking', purpose }),
        signal: controller.signal,
      });
      setPhase({ kind: dryRun ? 'checked' : 'imported', report });
      if (!dryRun) {
        await Promise.all([registrations.queries.all, ...(registrations.alsoInvalidates ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      }
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

  const template = async () => {
    setDownloading('template');
    try {
      await downloadTemplate(t('registrations.import.templateFile'));
    } catch (error) {
      notifyError(`${t('registrations.import.templateFailed')} ${failureMessage(error)}`);
    } finally {
      setDownloading(null);
    }
  };

  const failedRows = async () => {
    if (!file) return;
    setDownloading('failed');
    try {
      await downloadFailedRows({ file, instituteId: isAdmin ? instituteId || undefined : undefined }, t('registrations.import.failedRowsFile'));
    } catch (error) {
      notifyError(`${t('registrations.import.failedRowsFailed')} ${failureMessage(error)}`);
    } finally {
      setDownloading(null);
    }
  };

  const startOver = () => {
    running.current?.abort();
    setFile(null);
    setProblems({});
    setPhase({ kind: 'idle' });
  };

  const percent = phase.kind === 'uploading' && phase.total > 0 ? Math.min(100, Math.round((phase.loaded / phase.total) * 100)) : null;
  const report = phase.kind === 'checked' || phase.kind === 'imported' ? phase.report : null;

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2} size="h4">
        {t('registrations.import.title')}
      </Title>
      <Text size="sm">{t('registrations.import.intro')}</Text>
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => void template()}
          loading={downloading === 'template'}
          data-testid="import-template"
        >
          {t('registrations.import.template')}
        </Button>
      </Group>

      {isAdmin && (
        <Box maw={480}>
          <RemoteSelect
            label={t('registrations.import.institute')}
            url="/v1/users"
            fields={['id', 'name', 'role']}
            params={{ role: 'institute' }}
            value={instituteId}
            onChange={(value) => {
              setInstituteId(value);
              setProblems((current) => ({ ...current, institute: undefined }));
              if (file && phase.kind !== 'imported') void run(file, true, value);
            }}
            error={problems.institute}
            disabled={busy}
            wrapperProps={{ 'data-testid': 'import-institute' }}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t('registrations.import.instituteHint')}
          </Text>
        </Box>
      )}

      {phase.kind !== 'imported' && (
        <SheetDropZone
          label={t('registrations.import.file')}
          description={t('registrations.import.fileHint', { limit: n(IMPORT_ROW_LIMIT) })}
          prompt={file ? t('registrations.import.chosen', { name: file.name }) : t('registrations.import.drop')}
          change={t('registrations.import.change')}
          chosen={file !== null}
          error={problems.file}
          busy={busy}
          onChoose={choose}
          testId="import"
        />
      )}

      {busy && (
        <Stack gap={4} data-testid="import-progress">
          <Text size="sm" aria-live="polite">
            {phase.kind === 'uploading'
              ? t('registrations.import.uploading', { percent: percent === null ? '' : `${n(percent)}%` })
              : phase.purpose === 'import'
                ? t('registrations.import.importing')
                : t('registrations.import.checking')}
          </Text>
          <Progress
            value={percent ?? 100}
            animated={phase.kind === 'checking'}
            striped={phase.kind === 'checking'}
            aria-label={t('registrations.import.progressLabel')}
          />
        </Stack>
      )}

      {report && (
        <>
          {phase.kind === 'imported' && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} title={t('registrations.import.doneTitle')} data-testid="import-done">
              <Stack gap="sm">
                <Text size="sm">{t('registrations.import.done', { stored: n(report.stored), refused: n(report.invalid) })}</Text>
                <Group gap="sm">
                  {report.invalid > 0 && (
                    <Button
                      color="red"
                      variant="light"
                      leftSection={<IconDownload size={18} aria-hidden />}
                      onClick={() => void failedRows()}
                      loading={downloading === 'failed'}
                      data-testid="import-failed-rows"
                    >
                      {t('registrations.import.failedRows')}
                    </Button>
                  )}
                  <Button variant="default" onClick={startOver}>
                    {t('registrations.import.again')}
                  </Button>
                  <Anchor component={Link} to={registrations.href.list} size="sm">
                    {t('registrations.import.toList')}
                  </Anchor>
                </Group>
              </Stack>
            </Alert>
          )}

          <Counts report={report} imported={phase.kind === 'imported'} format={n} />

          {phase.kind === 'checked' &&
            (report.valid > 0 ? (
              <Group>
                <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => file && void run(file, false)} data-testid="import-submit">
                  {t('registrations.import.submit', { number: n(report.valid) })}
                </Button>
              </Group>
            ) : (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {t('registrations.import.nothingValid')}
              </Alert>
            ))}

          <ImportRows key={phase.kind} rows={report.rows} />
        </>
      )}
    </Stack>
  );
}

function Counts({ report, imported, format }: { report: ImportReport; imported: boolean; format: (value: number) => string }) {
  const { t } = useTranslation();
  const cards: { key: keyof typeof report & string; label: string; color: string }[] = [
    { key: 'total', label: t('registrations.import.counts.total'), color: 'blue' },
    imported
      ? { key: 'stored', label: t('registrations.import.counts.stored'), color: 'teal' }
      : { key: 'valid', label: t('registrations.import.counts.valid'), color: 'teal' },
    { key: 'invalid', label: t('registrations.import.counts.invalid'), color: 'red' },
    { key: 'duplicates', label: t('registrations.import.counts.duplicates'), color: 'orange' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="import-counts">
      {cards.map((card) => (
        <Paper
          key={card.key}
          withBorder
          p="sm"
          radius="md"
          style={{ borderInlineStart: `4px solid var(--mantine-color-${card.color}-6)` }}
          data-testid={`import-count-${card.key}`}
        >
          <Text size="xs" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz="xl">
            {format(report[card.key] as number)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
