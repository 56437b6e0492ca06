/**
 * A class's marks from a sheet (docs/integrators/results.md): the one sheet import (import/SheetImport.tsx)
 * for the class, with each refused row's reasons and the marks already entered that the sheet would
 * replace (old → new, to confirm before storing). Empty cells leave a mark as it is.
 */
import { Checkbox, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageButtons } from '../../components/list/PageButtons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { failureMessage } from '../../components/notify';
import { SheetImport } from '../../import/SheetImport';
import { useImportRun } from '../../import/useImportRun';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { marksProgressQuery, RESULTS_KEY, type MarkSubject } from './api';
import { markText } from './labels';
import type { MarkChange, MarksImportReport, MarksImportRow } from '../../../common/schemas/imports';
import { downloadMarksTemplate, downloadRefusedMarks, importMarks } from './marksImport';

const PAGE_SIZE = 20;

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

export function MarksImport({ klass, subjects, disabled }: { klass: string; subjects: readonly MarkSubject[]; disabled: boolean }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  // The examiner has seen the marks this sheet replaces (reset by each new check).
  const [confirmed, setConfirmed] = useState(false);
  const n = (value: number) => formatNumber(value, lang);

  const sheet = useImportRun<MarksImportReport>({
    send: ({ dryRun, checked, ...request }) => {
      if (dryRun) setConfirmed(false);
      return importMarks({ ...request, klass, dryRun, confirmChanges: dryRun ? undefined : (checked?.changes.length ?? 0) });
    },
    onImported: () => Promise.all([RESULTS_KEY, marksProgressQuery.queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    // A 422 names the file or the class; either way the reason goes under the file.
    problemsOf: (error) => ({ file: (error instanceof ApiError ? Object.values(error.fieldErrors).flat()[0] : undefined) ?? failureMessage(error) }),
  });
  const changes = sheet.phase.kind === 'checked' ? sheet.phase.report.changes : [];

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="marks-import">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('results.import.title', { class: classLabel(t, klass) })}
        </Title>
        <Text size="sm">{t('results.import.intro')}</Text>
        <SheetImport
          sheet={sheet}
          testId="marks-import"
          disabled={disabled}
          texts={{
            template: t('results.import.template'),
            file: t('results.import.file'),
            fileHint: t('results.import.fileHint'),
            drop: t('results.import.drop'),
            chosen: (name) => t('results.import.chosen', { name }),
            change: t('results.import.change'),
            uploading: (percent) => t('results.import.uploading', { percent }),
            checking: t('results.import.checking'),
            importing: t('results.import.storing'),
            progressLabel: t('results.import.progressLabel'),
            done: (counts) => t('results.import.done', counts),
            submit: (number) => t('results.import.submit', { number }),
            nothingValid: t('results.import.nothingValid'),
            refusedRows: t('results.import.refusedRows'),
            again: t('results.import.again'),
            counts: {
              total: t('results.import.counts.total'),
              valid: t('results.import.counts.valid'),
              stored: t('results.import.counts.stored'),
              invalid: t('results.import.counts.invalid'),
            },
          }}
          downloadTemplate={() => downloadMarksTemplate(klass, t('results.import.templateFile', { class: klass }))}
          downloadRefused={(file) => downloadRefusedMarks({ file, klass }, t('results.import.refusedFile'))}
          review={
            changes.length > 0
              ? {
                  ready: confirmed,
                  node: (
                    <>
                      <Changes changes={changes} subjects={subjects} />
                      <Checkbox
                        checked={confirmed}
                        onChange={(event) => setConfirmed(event.currentTarget.checked)}
                        label={t('results.import.confirmChanges', { number: n(changes.length) })}
                        data-testid="marks-import-confirm-changes"
                      />
                    </>
                  ),
                }
              : undefined
          }
          rows={(report) => <RefusedRows rows={report.rows} subjects={subjects} />}
        />
      </Stack>
    </Paper>
  );
}
