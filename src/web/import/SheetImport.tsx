/**
 * One sheet import, as every import screen shows it (docs/integrators/imports.md, results.md): the
 * template download, the file (a drop zone; choosing it runs a dry run at once, nothing stored), upload
 * progress then "checking", the counts, "import N valid rows", the result, the refused rows' .xlsx and
 * "start again" (the steps are useImportRun's). A screen configures it with its
 * calls, its texts and what it shows besides (an admin's institute, the marks a sheet replaces, the rows).
 */
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { SheetDropZone } from '../components/upload/SheetDropZone';
import { failureMessage, notifyError } from '../components/notify';
import { useLanguage } from '../i18n';
import { formatNumber } from '../i18n/format';
import { CountCards } from './CountCards';
import { DoneNotice } from './DoneNotice';
import type { ImportRun } from './useImportRun';

/** What every import's report holds (common/schemas/imports.ts), whatever its rows. */
export type SheetReport = { total: number; valid: number; invalid: number; stored: number };

export type SheetImportTexts = {
  template: string;
  file: string;
  fileHint: string;
  drop: string;
  chosen: (name: string) => string;
  change: string;
  uploading: (percent: string) => string;
  checking: string;
  importing: string;
  progressLabel: string;
  doneTitle?: string;
  done: (counts: { stored: string; refused: string }) => string;
  submit: (valid: string) => string;
  nothingValid: string;
  refusedRows: string;
  again: string;
  counts: Record<'total' | 'valid' | 'stored' | 'invalid', string>;
  /** Put before the reason a download failed. */
  templateFailed?: string;
  refusedFailed?: string;
};

/** A count the screen adds to the four every report has. */
export type ExtraCount<Report> = { key: string; label: string; color: string; value: (report: Report) => number };

type Props<Report extends SheetReport> = {
  sheet: ImportRun<Report>;
  texts: SheetImportTexts;
  /** Test ids: `{testId}-template`, `-progress`, `-counts`, `-count-{key}`, `-submit`, `-done`, `-refused-file`, and the drop zone's. */
  testId: string;
  downloadTemplate: () => Promise<void>;
  downloadRefused: (file: File) => Promise<void>;
  /** Nothing can be chosen or stored (the season's marks are closed). */
  disabled?: boolean;
  extraCounts?: readonly ExtraCount<Report>[];
  /** Shown between the template and the file (an admin's institute). */
  beforeFile?: ReactNode;
  /** What the user reviews before importing (the marks a sheet replaces); `ready` false holds the import back. */
  review?: { node: ReactNode; ready: boolean };
  /** Beside "start again" once imported (a link to the list). */
  doneLinks?: ReactNode;
  /** The report's rows; drawn afresh for the dry run and for the import. */
  rows: (report: Report) => ReactNode;
};

export function SheetImport<Report extends SheetReport>({
  sheet,
  texts,
  testId,
  downloadTemplate,
  downloadRefused,
  disabled = false,
  extraCounts = [],
  beforeFile,
  review,
  doneLinks,
  rows,
}: Props<Report>) {
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  const [downloading, setDownloading] = useState<'template' | 'refused' | null>(null);
  const { phase, report, file, busy } = sheet;

  const download = async (which: 'template' | 'refused') => {
    setDownloading(which);
    try {
      if (which === 'template') await downloadTemplate();
      else if (file) await downloadRefused(file);
    } catch (error) {
      const prefix = which === 'template' ? texts.templateFailed : texts.refusedFailed;
      notifyError(prefix ? `${prefix} ${failureMessage(error)}` : failureMessage(error));
    } finally {
      setDownloading(null);
    }
  };

  const percent = phase.kind === 'uploading' && phase.total > 0 ? Math.min(100, Math.round((phase.loaded / phase.total) * 100)) : null;
  const imported = phase.kind === 'imported';
  const refusedButton = report && report.invalid > 0 && (
    <Button
      color="red"
      variant="light"
      leftSection={<IconDownload size={18} aria-hidden />}
      onClick={() => void download('refused')}
      loading={downloading === 'refused'}
      data-testid={`${testId}-refused-file`}
    >
      {texts.refusedRows}
    </Button>
  );
  const counts: ExtraCount<Report>[] = [
    { key: 'total', label: texts.counts.total, color: 'blue', value: (r) => r.total },
    imported
      ? { key: 'stored', label: texts.counts.stored, color: 'teal', value: (r) => r.stored }
      : { key: 'valid', label: texts.counts.valid, color: 'teal', value: (r) => r.valid },
    { key: 'invalid', label: texts.counts.invalid, color: 'red', value: (r) => r.invalid },
    ...extraCounts,
  ];

  return (
    <>
      <Group>
        <Button
          variant="light"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => void download('template')}
          loading={downloading === 'template'}
          data-testid={`${testId}-template`}
        >
          {texts.template}
        </Button>
      </Group>

      {beforeFile}

      {!imported && (
        <SheetDropZone
          label={texts.file}
          description={texts.fileHint}
          prompt={file ? texts.chosen(file.name) : texts.drop}
          change={texts.change}
          chosen={file !== null}
          error={sheet.problems.file}
          busy={busy || disabled}
          onChoose={sheet.choose}
          testId={testId}
        />
      )}

      {(phase.kind === 'uploading' || phase.kind === 'checking') && (
        <Stack gap={4} data-testid={`${testId}-progress`}>
          <Text size="sm" aria-live="polite">
            {phase.kind === 'uploading'
              ? texts.uploading(percent === null ? '' : `${n(percent)}%`)
              : phase.purpose === 'import'
                ? texts.importing
                : texts.checking}
          </Text>
          <Progress value={percent ?? 100} animated={phase.kind === 'checking'} striped={phase.kind === 'checking'} aria-label={texts.progressLabel} />
        </Stack>
      )}

      {report && (
        <>
          {imported && (
            <DoneNotice
              title={texts.doneTitle}
              text={texts.done({ stored: n(report.stored), refused: n(report.invalid) })}
              again={texts.again}
              onAgain={sheet.startOver}
              testId={`${testId}-done`}
              before={refusedButton}
              after={doneLinks}
            />
          )}

          <CountCards cards={counts.map((card) => ({ key: card.key, color: card.color, label: card.label, value: n(card.value(report)) }))} testId={testId} />

          {phase.kind === 'checked' && (
            <>
              {review?.node}
              {report.valid > 0 ? (
                <Group gap="sm">
                  <Button
                    leftSection={<IconUpload size={18} aria-hidden />}
                    onClick={sheet.submit}
                    disabled={disabled || review?.ready === false}
                    data-testid={`${testId}-submit`}
                  >
                    {texts.submit(n(report.valid))}
                  </Button>
                  {refusedButton}
                </Group>
              ) : (
                <>
                  <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                    {texts.nothingValid}
                  </Alert>
                  {refusedButton && <Group>{refusedButton}</Group>}
                </>
              )}
            </>
          )}

          <Stack key={phase.kind} gap="sm">
            {rows(report)}
          </Stack>
        </>
      )}
    </>
  );
}
