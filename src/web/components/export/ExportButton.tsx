/**
 * The list's Export button (spec §7 Export) with the file type beside it (CSV or Excel): a prompt the
 * user confirms by typing 'export all', then the download with the bytes received so far on the button,
 * and a message naming the file once it is saved.
 */
import { Button, Code, Group, Modal, Progress, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileExport } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n';
import { formatBytes } from '../../i18n/format';
import { notifySuccess } from '../notify';
import { EXPORT_FORMATS, type ExportFormat } from '../../../common/schemas/list';
import { exportData, type ExportProgress, type ExportRequest } from './exportData';
import { EXPORT_PHRASE } from './fileName';

export function ExportButton({ request }: { request: ExportRequest }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [opened, modal] = useDisclosure(false);
  const [typed, setTyped] = useState('');
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const confirmed = typed.trim() === EXPORT_PHRASE;
  const instructionId = useId();

  const start = async () => {
    modal.close();
    setTyped('');
    setProgress({ received: 0, total: null });
    const fileName = await exportData({ ...request, format }, setProgress);
    setProgress(null);
    if (fileName) notifySuccess(t('exportData.done', { name: fileName }));
  };

  const percent = progress?.total ? Math.min(100, (progress.received / progress.total) * 100) : null;

  return (
    <>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <SegmentedControl
          data={EXPORT_FORMATS.map((value) => ({ value, label: t(`exportData.formats.${value}`) }))}
          value={format}
          onChange={(value) => setFormat(value as ExportFormat)}
          disabled={progress !== null}
          aria-label={t('exportData.formatLabel')}
          data-testid="export-format"
        />
        <Stack gap={4}>
          <Button
            variant="default"
            leftSection={<IconFileExport size={18} stroke={1.6} aria-hidden />}
            onClick={modal.open}
            disabled={progress !== null}
            data-testid="export-button"
          >
            {progress ? t('exportData.downloading', { size: formatBytes(progress.received, lang) }) : t('list.export')}
          </Button>
          {progress && (
            <Progress value={percent ?? 100} animated={percent === null} striped={percent === null} size="xs" aria-label={t('exportData.progressLabel')} />
          )}
        </Stack>
      </Group>
      <Modal opened={opened} onClose={modal.close} title={t('exportData.title')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed) void start();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('exportData.body', { format: t(`exportData.formats.${format}`) })}</Text>
            <Text size="sm" id={instructionId}>
              <Trans
                i18nKey="exportData.instruction"
                values={{ phrase: EXPORT_PHRASE }}
                components={{ code: <Code fz="sm" style={{ whiteSpace: 'nowrap' }} /> }}
              />
            </Text>
            <TextInput
              label={t('exportData.inputLabel')}
              aria-describedby={instructionId}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              lang="en"
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={modal.close}>
                {t('actions.cancel')}
              </Button>
              <Button type="submit" disabled={!confirmed}>
                {t('exportData.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
