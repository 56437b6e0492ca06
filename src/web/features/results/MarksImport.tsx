/**
 * A class's marks from a sheet (docs/integrators/results.md): the class's template, the file (checked first,
 * nothing stored), the report with each refused row's reasons and the marks already entered that it
 * would replace (old → new, to confirm before storing), "store the N valid rows", and the refused rows
 * as .xlsx to fix and send again. Empty cells leave a mark as it is.
 */
import { Alert, Button, Checkbox, Group, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PageButtons } from '../../components/list/PageButtons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { SheetDropZone } from '../../components/upload/SheetDropZone';
import { failureMessage, notifyError } from '../../components/notify';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { marksProgressQuery, RESULTS_KEY, type MarkSubject } from './api';
import { markText } from './labels';
import type { MarkChange, MarksImportReport, MarksImportRow } from '../../../common/schemas/imports';
import { downloadMarksTemplate, downloadRefusedMarks, importMarks } from './marksImport';

const PAGE_SIZE = 20;

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending'; purpose: 'check' | 'import'; percent: number | null }
  | { kind: 'checked'; report: MarksImportReport }
  | { kind: 'imported'; report: MarksImportReport };

/** The server names a subject's cell `subject_{id}` (its column); the reader gets the subject's name. */
const SUBJECT_FIELD = /^subject_(\d+)$/;

function RefusedRows({ rows, subjects }: { rows: readonly MarksImportRow[]; subjects: readonly MarkSubject[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const refused = rows.filter((row) => row.status === 'invalid');
  const pages = Math.max(1, Math.ceil(refused.length / PAGE_SIZE));
  if (refused.length === 0) return null;
  const field = (name: string) => {
    if (name === 'roll_no') return t('results.marks.roll');
    const subject = subjects.find((entry) => String(entry.id) === SUBJECT_FIELD.exec(name)?.[1]);
    return subject ? (lang === 'bn' ? subject.name_bn : subject.name_en) || subject.name_bn : name;
  };
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        {t('results.import.refusedTitle')}
      </Title>
      <Table.ScrollContainer minWidth={300} type="native">
        <Table striped verticalSpacing={4} fz="sm" data-testid="marks-import-refused">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={1}>{t('results.import.row')}</Table.Th>
              <Table.Th w={1}>{t('results.marks.roll')}</Table.Th>
              <Table.Th>{t('results.import.reasons')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {refused.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => (
              <Table.Tr key={row.row} data-testid="marks-import-refused-row">
                <Table.Td>{formatNumber(row.row, lang)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.roll_no ? localizeDigits(row.roll_no, lang) : '—'}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {Object.entries(row.errors).map(([name, messages]) => (
                    <Text key={name} size="sm">
                      <Text span fw={600} size="sm">
                        {field(name)}:
                      </Text>{' '}
                      {messages.join(' ')}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PageButtons total={pages} page={page} onChange={setPage} />
    </Stack>
  );
}

/** The marks already entered that the sheet replaces: roll, subject, old → new. */
function Changes({ changes, subjects }: { changes: readonly MarkChange[]; subjects: readonly MarkSubject[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(changes.length / PAGE_SIZE));
  const subjectName = (id: number) => {
    const subject = subjects.find((entry) => entry.id === id);
    return subject ? (lang === 'bn' ? subject.name_bn : subject.name_en) || subject.name_bn : String(id);
  };
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        {t('results.import.changesTitle', { number: formatNumber(changes.length, lang) })}
      </Title>
      <Text size="sm" c="dimmed">
        {t('results.import.changesIntro')}
      </Text>
      <Table.ScrollContainer minWidth={300} type="native">
        <Table striped verticalSpacing={4} fz="sm" data-testid="marks-import-changes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('results.marks.roll')}</Table.Th>
              <Table.Th>{t('results.marks.subject')}</Table.Th>
              <Table.Th ta="end">{t('results.import.before')}</Table.Th>
              <Table.Th ta="end">{t('results.import.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((change) => (
              <Table.Tr key={`${change.roll_no}:${change.subject_id}`} data-testid="marks-import-change">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{localizeDigits(change.roll_no, lang)}</Table.Td>
                <Table.Td>{subjectName(change.subject_id)}</Table.Td>
                <Table.Td ta="end">{markText(t, lang, change.before)}</Table.Td>
                <Table.Td ta="end" fw={700}>
                  {markText(t, lang, change.after)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PageButtons total={pages} page={page} onChange={setPage} />
    </Stack>
  );
}

function Counts({ report, imported }: { report: MarksImportReport; imported: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const cards: { key: 'total' | 'valid' | 'stored' | 'invalid'; color: string }[] = [
    { key: 'total', color: 'blue' },
    { key: imported ? 'stored' : 'valid', color: 'teal' },
    { key: 'invalid', color: 'red' },
  ];
  return (
    <SimpleGrid cols={3} spacing="xs" data-testid="marks-import-counts">
      {cards.map((card) => (
        <Paper
          key={card.key}
          withBorder
          p="xs"
          style={{ borderInlineStart: `4px solid var(--mantine-color-${card.color}-6)` }}
          data-testid={`marks-import-${card.key}`}
        >
          <Text size="xs" c="dimmed">
            {t(`results.import.counts.${card.key}`)}
          </Text>
          <Text fw={700} fz="lg">
            {formatNumber(report[card.key], lang)}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function MarksImport({ klass, subjects, disabled }: { klass: string; subjects: readonly MarkSubject[]; disabled: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | undefined>();
  const [downloading, setDownloading] = useState<'template' | 'refused' | null>(null);
  // The examiner has seen the marks this sheet replaces (reset by each new check).
  const [confirmed, setConfirmed] = useState(false);
  const running = useRef<AbortController | null>(null);
  // Leaving the screen stops an upload still under way.
  useEffect(() => () => running.current?.abort(), []);

  const run = async (chosen: File, dryRun: boolean) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    const purpose = dryRun ? 'check' : 'import';
    setProblem(undefined);
    const changes = phase.kind === 'checked' ? phase.report.changes.length : 0;
    if (dryRun) setConfirmed(false);
    setPhase({ kind: 'sending', purpose, percent: 0 });
    try {
      const report = await importMarks({
        file: chosen,
        klass,
        dryRun,
        confirmChanges: dryRun ? undefined : changes,
        onProgress: (loaded, total) => setPhase({ kind: 'sending', purpose, percent: total > 0 && loaded < total ? Math.round((loaded / total) * 100) : null }),
        signal: controller.signal,
      });
      setPhase({ kind: dryRun ? 'checked' : 'imported', report });
      if (!dryRun) await Promise.all([RESULTS_KEY, marksProgressQuery.queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    } catch (error) {
      if (controller.signal.aborted) return;
      // A 422 names the file or the class; either way the reason goes under the file.
      setProblem((error instanceof ApiError ? Object.values(error.fieldErrors).flat()[0] : undefined) ?? failureMessage(error));
      setPhase({ kind: 'idle' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const download = async (which: 'template' | 'refused') => {
    setDownloading(which);
    try {
      if (which === 'template') await downloadMarksTemplate(klass, t('results.import.templateFile', { class: klass }));
      else if (file) await downloadRefusedMarks({ file, klass }, t('results.import.refusedFile'));
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  const startOver = () => {
    running.current?.abort();
    setFile(null);
    setPhase({ kind: 'idle' });
  };

  const report = phase.kind === 'checked' || phase.kind === 'imported' ? phase.report : null;
  const busy = phase.kind === 'sending';
  const n = (value: number) => formatNumber(value, lang);

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="marks-import">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('results.import.title', { class: classLabel(t, klass) })}
        </Title>
        <Text size="sm">{t('results.import.intro')}</Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={() => void download('template')}
            loading={downloading === 'template'}
            data-testid="marks-import-template"
          >
            {t('results.import.template')}
          </Button>
        </Group>
        {phase.kind !== 'imported' && (
          <SheetDropZone
            label={t('results.import.file')}
            description={t('results.import.fileHint')}
            prompt={file ? t('results.import.chosen', { name: file.name }) : t('results.import.drop')}
            change={t('results.import.change')}
            chosen={file !== null}
            error={problem}
            busy={busy || disabled}
            onChoose={(chosen) => {
              setFile(chosen);
              void run(chosen, true);
            }}
            testId="marks-import"
          />
        )}
        {phase.kind === 'sending' && (
          <Stack gap={4} data-testid="marks-import-progress">
            <Text size="sm" aria-live="polite">
              {phase.percent !== null
                ? t('results.import.uploading', { percent: `${n(phase.percent)}%` })
                : phase.purpose === 'import'
                  ? t('results.import.storing')
                  : t('results.import.checking')}
            </Text>
            <Progress
              value={phase.percent ?? 100}
              animated={phase.percent === null}
              striped={phase.percent === null}
              aria-label={t('results.import.progressLabel')}
            />
          </Stack>
        )}
        {report && (
          <>
            {phase.kind === 'imported' && (
              <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="marks-import-done">
                {t('results.import.done', { stored: n(report.stored), refused: n(report.invalid) })}
              </Alert>
            )}
            <Counts report={report} imported={phase.kind === 'imported'} />
            {phase.kind === 'checked' && report.changes.length > 0 && (
              <>
                <Changes changes={report.changes} subjects={subjects} />
                <Checkbox
                  checked={confirmed}
                  onChange={(event) => setConfirmed(event.currentTarget.checked)}
                  label={t('results.import.confirmChanges', { number: n(report.changes.length) })}
                  data-testid="marks-import-confirm-changes"
                />
              </>
            )}
            <Group gap="sm">
              {phase.kind === 'checked' && report.valid > 0 && (
                <Button
                  leftSection={<IconUpload size={18} aria-hidden />}
                  onClick={() => file && void run(file, false)}
                  disabled={disabled || (report.changes.length > 0 && !confirmed)}
                  data-testid="marks-import-submit"
                >
                  {t('results.import.submit', { number: n(report.valid) })}
                </Button>
              )}
              {report.invalid > 0 && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconDownload size={18} aria-hidden />}
                  onClick={() => void download('refused')}
                  loading={downloading === 'refused'}
                  data-testid="marks-import-refused-file"
                >
                  {t('results.import.refusedRows')}
                </Button>
              )}
              {phase.kind === 'imported' && (
                <Button variant="default" onClick={startOver}>
                  {t('results.import.again')}
                </Button>
              )}
            </Group>
            {phase.kind === 'checked' && report.valid === 0 && (
              <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {t('results.import.nothingValid')}
              </Alert>
            )}
            <RefusedRows key={phase.kind} rows={report.rows} subjects={subjects} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
