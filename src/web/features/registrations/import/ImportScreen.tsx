/**
 * Registrations from an Excel or CSV sheet (docs/integrators/imports.md): the one sheet import
 * (import/SheetImport.tsx) with, for an admin, the institute the rows go to, the per-row report, and a
 * link to the list once imported. Nothing is stored before the user confirms; after a real import the
 * registration list and the dashboard's counts are asked again.
 */
import { Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RegistrationImportReport } from '../../../../common/schemas/imports';
import { ApiError } from '../../../api/client';
import { useCurrentUser } from '../../../auth/session';
import { RemoteSelect } from '../../../components/RemoteSelect';
import { failureMessage } from '../../../components/notify';
import { SheetImport } from '../../../import/SheetImport';
import { useImportRun } from '../../../import/useImportRun';
import { useLanguage } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';
import { registrations } from '../registrations';
import { downloadFailedRows, downloadTemplate, importSheet } from './importApi';
import { ImportRows } from './ImportRows';

/** The server refuses a sheet of more rows (docs/integrators/imports.md). */
export const IMPORT_ROW_LIMIT = 20_000;

export function ImportScreen() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const user = useCurrentUser();
  const isAdmin = user.role === 'admin';
  const queryClient = useQueryClient();
  const [instituteId, setInstituteId] = useState('');
  // Read when a sheet is sent: a new choice checks the chosen file again at once, before the next render.
  const institute = useRef('');
  const chosenInstitute = () => (isAdmin ? institute.current || undefined : undefined);
  const n = (value: number) => formatNumber(value, lang);

  const sheet = useImportRun<RegistrationImportReport>({
    send: async ({ checked: _checked, ...request }) => (await importSheet({ ...request, instituteId: chosenInstitute() })).report,
    onImported: () =>
      Promise.all([registrations.queries.all, ...(registrations.alsoInvalidates ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    problemsOf: (error) => {
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const known = { file: fields.file?.join(' '), institute: fields.institute_id?.join(' ') };
      return known.file || known.institute ? known : { file: failureMessage(error) };
    },
  });

  return (
    <Stack gap="md" maw={1100}>
      <Title order={2} size="h4">
        {t('registrations.import.title')}
      </Title>
      <Text size="sm">{t('registrations.import.intro')}</Text>
      <SheetImport
        sheet={sheet}
        testId="import"
        texts={{
          template: t('registrations.import.template'),
          file: t('registrations.import.file'),
          fileHint: t('registrations.import.fileHint', { limit: n(IMPORT_ROW_LIMIT) }),
          drop: t('registrations.import.drop'),
          chosen: (name) => t('registrations.import.chosen', { name }),
          change: t('registrations.import.change'),
          uploading: (percent) => t('registrations.import.uploading', { percent }),
          checking: t('registrations.import.checking'),
          importing: t('registrations.import.importing'),
          progressLabel: t('registrations.import.progressLabel'),
          doneTitle: t('registrations.import.doneTitle'),
          done: (counts) => t('registrations.import.done', counts),
          submit: (number) => t('registrations.import.submit', { number }),
          nothingValid: t('registrations.import.nothingValid'),
          refusedRows: t('registrations.import.failedRows'),
          again: t('registrations.import.again'),
          counts: {
            total: t('registrations.import.counts.total'),
            valid: t('registrations.import.counts.valid'),
            stored: t('registrations.import.counts.stored'),
            invalid: t('registrations.import.counts.invalid'),
          },
          templateFailed: t('registrations.import.templateFailed'),
          refusedFailed: t('registrations.import.failedRowsFailed'),
        }}
        downloadTemplate={() => downloadTemplate(t('registrations.import.templateFile'))}
        downloadRefused={(file) => downloadFailedRows({ file, instituteId: chosenInstitute() }, t('registrations.import.failedRowsFile'))}
        extraCounts={[{ key: 'duplicates', label: t('registrations.import.counts.duplicates'), color: 'orange', value: (report) => report.duplicates }]}
        beforeFile={
          isAdmin && (
            <Box maw={480}>
              <RemoteSelect
                label={t('registrations.import.institute')}
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
                error={sheet.problems.institute}
                disabled={sheet.busy}
                wrapperProps={{ 'data-testid': 'import-institute' }}
              />
              <Text size="xs" c="dimmed" mt={4}>
                {t('registrations.import.instituteHint')}
              </Text>
            </Box>
          )
        }
        doneLinks={
          <Anchor component={Link} to={registrations.href.list} size="sm">
            {t('registrations.import.toList')}
          </Anchor>
        }
        rows={(report) => <ImportRows rows={report.rows} />}
      />
    </Stack>
  );
}
