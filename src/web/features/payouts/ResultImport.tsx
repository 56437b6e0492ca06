/**
 * The provider's result file for one batch (docs/integrators/payouts.md), through the one sheet import
 * (import/SheetImport.tsx): a dry run when the file is chosen, the lines it pays and fails, each refused row's
 * reasons (a reference not in the batch, an amount not the line's), then "take the result".
 */
import { Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PayoutResultReport } from '../../../common/schemas/imports';
import { SheetImport } from '../../import/SheetImport';
import { useImportRun } from '../../import/useImportRun';
import { useLanguage } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { downloadBatch, downloadRefusedResult, importResult, type PayoutBatch, PAYOUTS_KEY } from './api';

function RefusedLines({ report }: { report: PayoutResultReport }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const refused = report.rows.filter((row) => row.status === 'invalid');
  if (refused.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        {t('payouts.result.refusedTitle')}
      </Title>
      <Table striped verticalSpacing={4} fz="sm" data-testid="payout-result-refused">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={1}>{t('payouts.result.row')}</Table.Th>
            <Table.Th w={1}>{t('payouts.batches.reference')}</Table.Th>
            <Table.Th>{t('payouts.result.reasons')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {refused.map((row) => (
            <Table.Tr key={row.row}>
              <Table.Td>{formatNumber(row.row, lang)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.reference ?? '—'}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {Object.values(row.errors)
                  .flat()
                  .map((message) => (
                    <Text key={message} size="sm">
                      {message}
                    </Text>
                  ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

export function ResultImport({ batch, onClose }: { batch: PayoutBatch; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const sheet = useImportRun<PayoutResultReport>({
    send: ({ file, dryRun, onProgress, signal }) => importResult({ batchId: batch.id, file, dryRun, onProgress, signal }),
    onImported: () => queryClient.invalidateQueries({ queryKey: PAYOUTS_KEY }),
  });
  const n = (value: number) => formatNumber(value, lang);
  return (
    <Modal opened onClose={onClose} title={t('payouts.result.title', { reference: batch.reference })} size="xl">
      <Stack gap="md">
        <SheetImport
          sheet={sheet}
          testId="payout-result"
          texts={{
            template: t('payouts.result.template'),
            file: t('payouts.result.file'),
            fileHint: t('payouts.result.fileHint'),
            drop: t('payouts.result.drop'),
            chosen: (name) => t('payouts.result.chosen', { name }),
            change: t('payouts.result.change'),
            uploading: (percent) => t('payouts.result.uploading', { percent }),
            checking: t('payouts.result.checking'),
            importing: t('payouts.result.importing'),
            progressLabel: t('payouts.result.progressLabel'),
            done: ({ stored, refused }) => t('payouts.result.done', { stored, refused }),
            submit: (valid) => t('payouts.result.submit', { valid }),
            nothingValid: t('payouts.result.nothingValid'),
            refusedRows: t('payouts.result.refusedRows'),
            again: t('payouts.result.again'),
            counts: {
              total: t('payouts.result.counts.total'),
              valid: t('payouts.result.counts.valid'),
              stored: t('payouts.result.counts.stored'),
              invalid: t('payouts.result.counts.invalid'),
            },
          }}
          extraCounts={[
            { key: 'paid', label: t('payouts.result.counts.paid'), color: 'teal', value: (report) => report.paid },
            { key: 'failed', label: t('payouts.result.counts.failed'), color: 'orange', value: (report) => report.failed },
            { key: 'unchanged', label: t('payouts.result.counts.unchanged'), color: 'gray', value: (report) => report.unchanged },
          ]}
          downloadTemplate={() => downloadBatch(batch, 'xlsx')}
          downloadRefused={(file) => downloadRefusedResult(batch.id, file, t('payouts.result.refusedFile'))}
          rows={(report) => <RefusedLines report={report} />}
        />
        <Text size="xs" c="dimmed">
          {t('payouts.batches.settled', { paid: n(batch.paid), failed: n(batch.failed) })}
        </Text>
      </Stack>
    </Modal>
  );
}
