/**
 * Admit cards where the features offer them (docs/integrators/exam-day.md): an institute's dashboard
 * (all its cards in one PDF once the admin has published them, else a line saying they are not yet),
 * an admin's view of an institute, and a registration's details (one card; only for a paid student).
 */
import { Alert, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListRowOf } from '../../common/resources';
import type { PublicUser } from '../../common/schemas/user';
import { examQuery } from '../api/exam';
import { downloadAttachment } from '../api/jobs';
import { useCurrentUser } from '../auth/session';
import { failureMessage, notifyError, notifySuccess } from '../components/notify';
import { admitCardPath, startAdmitCards } from './api';
import { DocumentButton } from './DocumentButton';

const ALL_CARDS_FILE = 'admit-cards.pdf';

/** The institute's own admit cards, on its dashboard. */
export function AdmitCardsPanel() {
  const { t } = useTranslation();
  const exam = useQuery(examQuery);
  const published = exam.data?.admit_cards_published === 1;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} data-testid="admit-cards-panel">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('documents.admitCards.title')}
        </Title>
        {exam.isPending ? (
          <Skeleton h={36} />
        ) : exam.isError ? (
          <Text size="sm" c="red.8">
            {failureMessage(exam.error)}
          </Text>
        ) : published ? (
          <>
            {exam.data.name_bn && <Text fw={600}>{exam.data.name_bn}</Text>}
            <Text size="sm">{t('documents.admitCards.published')}</Text>
            <DocumentButton label={t('documents.admitCards.all')} start={() => startAdmitCards()} fileName={ALL_CARDS_FILE} testId="admit-cards-all" />
          </>
        ) : (
          <Text size="sm" c="dimmed" data-testid="admit-cards-unpublished">
            {t('documents.admitCards.unpublished')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** An admin's button for one institute's admit cards, under the institute's details. */
export function InstituteAdmitCards({ row }: { row: PublicUser }) {
  const { t } = useTranslation();
  if (row.role !== 'institute') return null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-hide">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('documents.admitCards.title')}
        </Title>
        <DocumentButton
          label={t('documents.admitCards.institute')}
          start={() => startAdmitCards({ institute_id: row.id })}
          fileName={ALL_CARDS_FILE}
          variant="default"
          testId="institute-admit-cards"
        />
      </Stack>
    </Paper>
  );
}

type RegistrationRow = ListRowOf<'registrations'>;

/** Why one student's card cannot be had yet, or null when it can. */
function useCardBlocked(row: RegistrationRow): string | null {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const exam = useQuery({ ...examQuery, enabled: user.role === 'institute' });
  if (row.status !== 1 || row.fee_status !== 'paid') return t('documents.admitCards.notPaid');
  if (user.role === 'institute' && exam.data?.admit_cards_published !== 1) return t('documents.admitCards.notPublished');
  return null;
}

/** One student's admit card, under the registration's details. */
export function StudentAdmitCard({ row }: { row: RegistrationRow }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const blocked = useCardBlocked(row);

  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadAttachment(admitCardPath(row.id), `admit-card-${row.roll_no ?? row.id}.pdf`);
      notifySuccess(t('documents.downloaded', { file: name }));
    } catch (error) {
      notifyError(failureMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} className="print-hide">
      <Stack gap="sm" align="flex-start">
        <Button
          leftSection={<IconFileDownload size={18} aria-hidden />}
          onClick={() => void download()}
          loading={busy}
          disabled={blocked !== null}
          data-testid="admit-card"
        >
          {t('documents.admitCards.one')}
        </Button>
        {blocked && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} p="xs" data-testid="admit-card-blocked">
            {blocked}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
