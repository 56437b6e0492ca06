/**
 * An institute's results on its dashboard (docs/integrators/results.md): before publication a line saying the
 * result is not out yet (the server answers 409); after it, the counts per class and grade, the result
 * sheet as PDF (a job) and .xlsx, its winners' award letters (all in one PDF, or one student's), and its students'
 * results, fifty a page.
 */
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageButtons } from '../../components/list/PageButtons';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { downloadAttachment, startJob } from '../../api/jobs';
import { failureMessage, notifyError, notifySuccess } from '../../components/notify';
import { DocumentButton } from '../../documents/DocumentButton';
import { useLanguage } from '../../i18n';
import { formatNumber, localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { instituteResultsQuery, type InstituteResultRow } from './api';
import { CountsTable, GRADE_COUNTS } from './CountsTable';
import { resultColor, resultText, studentName } from './labels';

const PAGE_SIZE = 50;

const winnersOf = (rows: readonly InstituteResultRow[]) => rows.filter((row) => row.grade !== null).length;

function Students({ rows }: { rows: readonly InstituteResultRow[] }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const n = (value: number) => formatNumber(value, lang);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={320} type="native">
        <Table striped verticalSpacing={4} fz="sm" data-testid="institute-results-rows">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('results.merit.student')}</Table.Th>
              <Table.Th w={1} ta="end">
                {t('results.merit.total')}
              </Table.Th>
              <Table.Th w={1} ta="end" visibleFrom="sm">
                {t('results.merit.position')}
              </Table.Th>
              <Table.Th w={1}>{t('results.merit.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((row) => (
              <Table.Tr key={row.registration_id} data-testid="institute-result">
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={500}>
                    {studentName(row, lang)}
                  </Text>
                  {/* The roll and the class under the name: a phone has no room for their columns. */}
                  <Text size="xs" c="dimmed">
                    {`${t('results.marks.roll')} ${localizeDigits(row.roll_no, lang)} · ${classLabel(t, row.class)}`}
                  </Text>
                </Table.Td>
                {/* Only a pass or a fail has a total and a rank: the absent and the withheld show a dash. */}
                <Table.Td ta="end">{row.state === 'withheld' || row.state === 'incomplete' ? '—' : n(row.total)}</Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {row.position > 0 ? n(row.position) : '—'}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={resultColor(row)} miw="max-content">
                    {resultText(t, row)}
                  </Badge>
                  {row.grade && <LetterButton row={row} />}
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

/** One winner's award letter, made while the head teacher waits. */
function LetterButton({ row }: { row: InstituteResultRow }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadAttachment(`/v1/scholarships/awards/${row.registration_id}/letter`, t('results.awards.letterFile'));
      notifySuccess(t('documents.downloaded', { file: name }));
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      display="flex"
      mt={4}
      size="compact-xs"
      variant="subtle"
      leftSection={<IconFileDownload size={14} aria-hidden />}
      onClick={() => void download()}
      loading={busy}
      aria-label={t('results.awards.letterOf', { name: studentName(row, lang) })}
      data-testid="institute-award-letter"
    >
      {t('results.awards.letter')}
    </Button>
  );
}

/** Every winner's letter in one PDF (a job), with the covering list first; shown when the institute has winners. */
function AwardLetters({ winners }: { winners: number }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <Stack gap={6} data-testid="institute-awards">
      <Text size="sm">{t('results.awards.lettersIntro', { number: formatNumber(winners, lang) })}</Text>
      <DocumentButton
        label={t('results.awards.letters')}
        start={() => startJob('/v1/scholarships/letters')}
        fileName={t('results.awards.lettersFile')}
        testId="institute-award-letters"
        style={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}

function SheetButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadAttachment('/v1/results/institute/sheet.xlsx', t('results.institute.sheetFile'));
      notifySuccess(t('documents.downloaded', { file: name }));
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
      onClick={() => void download()}
      loading={busy}
      data-testid="institute-results-xlsx"
    >
      {t('results.institute.xlsx')}
    </Button>
  );
}

export function InstituteResults() {
  const { t } = useTranslation();
  const results = useQuery(instituteResultsQuery);
  const notOut = results.error instanceof ApiError && results.error.status === 409;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="institute-results">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('results.institute.title')}
        </Title>
        {results.isPending ? (
          <Skeleton h={36} />
        ) : notOut ? (
          <Text size="sm" c="dimmed" data-testid="institute-results-not-out">
            {t('results.institute.notOut')}
          </Text>
        ) : results.isError ? (
          <Text size="sm" c="red.8">
            {failureMessage(results.error)}
          </Text>
        ) : (
          <>
            <Text size="sm">{t('results.institute.published')}</Text>
            <Group align="flex-start" gap="sm">
              <DocumentButton
                label={t('results.institute.pdf')}
                start={() => startJob('/v1/results/institute/sheet')}
                fileName={t('results.institute.pdfFile')}
                testId="institute-results-pdf"
              />
              <SheetButton />
            </Group>
            {winnersOf(results.data.rows) > 0 && <AwardLetters winners={winnersOf(results.data.rows)} />}
            <CountsTable classes={results.data.classes} counts={GRADE_COUNTS} testId="institute-results-counts" />
            <Students rows={results.data.rows} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
