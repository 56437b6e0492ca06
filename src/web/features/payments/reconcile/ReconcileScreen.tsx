/**
 * Statement reconciliation, the upload (docs/integrators/statements.md): the statement file with
 * upload progress; for a header row never seen, the choice of its columns (the file is sent again with
 * it); then the statement's lists, on their own address so the admin can come back to them.
 */
import { Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_STATEMENT_LINES, type StatementFormatNeeded } from '../../../../common/schemas/statements';
import { ApiError } from '../../../api/client';
import { failureMessage } from '../../../components/notify';
import { SheetDropZone } from '../../../components/upload/SheetDropZone';
import { useLanguage } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';
import { payments } from '../payments';
import { ColumnChoice } from './ColumnChoice';
import { type ColumnChoice as Choice, uploadStatement } from './statementsApi';

type Phase = { kind: 'idle' } | { kind: 'uploading'; loaded: number; total: number } | { kind: 'reading' } | { kind: 'columns'; asked: StatementFormatNeeded };

export const statementHref = (id: number) => `${payments.path}/reconcile/${id}`;

export function ReconcileScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [asked, setAsked] = useState<StatementFormatNeeded | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const running = useRef<AbortController | null>(null);
  const n = (value: number) => formatNumber(value, lang);

  // Leaving the screen stops an upload still under way.
  useEffect(() => () => running.current?.abort(), []);
  const busy = phase.kind === 'uploading' || phase.kind === 'reading';

  const run = async (chosen: File, columns?: Choice) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setErrors({});
    setPhase({ kind: 'uploading', loaded: 0, total: chosen.size });
    try {
      const answer = await uploadStatement({
        file: chosen,
        columns,
        onProgress: (loaded, total) => setPhase(total > 0 && loaded >= total ? { kind: 'reading' } : { kind: 'uploading', loaded, total }),
        onUploaded: () => setPhase({ kind: 'reading' }),
        signal: controller.signal,
      });
      if (answer.format_needed) {
        setAsked(answer);
        setPhase({ kind: 'columns', asked: answer });
      } else navigate(statementHref(answer.id));
    } catch (error) {
      if (controller.signal.aborted) return;
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      setErrors(Object.keys(fields).length > 0 ? fields : { file: [failureMessage(error)] });
      setPhase(asked && columns ? { kind: 'columns', asked } : { kind: 'idle' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const choose = (chosen: File) => {
    setFile(chosen);
    setAsked(null);
    void run(chosen);
  };

  const percent = phase.kind === 'uploading' && phase.total > 0 ? Math.min(100, Math.round((phase.loaded / phase.total) * 100)) : null;
  const columnsAsked = phase.kind === 'columns' ? phase.asked : busy ? asked : null;

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2} size="h4">
        {t('reconcile.title')}
      </Title>
      <Text size="sm">{t('reconcile.intro')}</Text>
      <SheetDropZone
        label={t('reconcile.file')}
        description={t('reconcile.fileHint', { limit: n(MAX_STATEMENT_LINES) })}
        prompt={file ? t('reconcile.chosen', { name: file.name }) : t('reconcile.drop')}
        change={t('reconcile.change')}
        chosen={file !== null}
        error={errors.file?.join(' ')}
        busy={busy}
        onChoose={choose}
        testId="statement"
      />
      {busy && (
        <Stack gap={4} data-testid="statement-progress">
          <Text size="sm" aria-live="polite">
            {phase.kind === 'uploading' ? t('reconcile.uploading', { percent: percent === null ? '' : `${n(percent)}%` }) : t('reconcile.reading')}
          </Text>
          <Progress value={percent ?? 100} animated={phase.kind === 'reading'} striped={phase.kind === 'reading'} aria-label={t('reconcile.progressLabel')} />
        </Stack>
      )}
      {columnsAsked && file && (
        <ColumnChoice
          asked={columnsAsked}
          errors={errors}
          busy={busy}
          onChoose={(choice) => void run(file, choice)}
          onCancel={() => {
            setFile(null);
            setAsked(null);
            setErrors({});
            setPhase({ kind: 'idle' });
          }}
        />
      )}
    </Stack>
  );
}
