/**
 * An institute's winners at /payouts (docs/integrators/payouts.md), for a phone first: each one's amount and
 * payout state, where the money goes, the provider's reason when it failed, and the details form inside the
 * admin's window. A winner in a batch or paid is locked, and says so.
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadFailed } from '../../components/LoadFailed';
import { PageButtons } from '../../components/list/PageButtons';
import { useLanguage } from '../../i18n';
import { formatMoney, localizeDigits } from '../../i18n/format';
import { classLabel } from '../../i18n/reference';
import { type PayoutWinner, winnersQuery } from './api';
import { DetailsForm } from './DetailsForm';
import { payTo, STATE_COLORS, windowText } from './labels';

function WinnerCard({ winner, canEdit, onEdit }: { winner: PayoutWinner; canEdit: boolean; onEdit: () => void }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const destination = payTo(t, winner);
  return (
    <Card withBorder padding="sm" data-testid="payout-winner">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={700}>{winner.name}</Text>
            <Text size="sm" c="dimmed">
              {t('payouts.winners.roll')} {localizeDigits(winner.roll_no, lang)} · {classLabel(t, winner.class)}
            </Text>
          </div>
          <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(winner.amount, lang)}
          </Text>
        </Group>
        <Group gap="xs">
          <Badge color={STATE_COLORS[winner.state]} variant="light" data-testid="payout-state">
            {t(`payouts.states.${winner.state}`)}
          </Badge>
        </Group>
        {destination && (
          <Text size="sm">
            {t('payouts.winners.payTo')}: {destination}
          </Text>
        )}
        {winner.state === 'failed' && (
          <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('payouts.winners.failed', { reason: winner.failure_reason })}
          </Alert>
        )}
        {winner.state === 'in_batch' && (
          <Text size="sm" c="dimmed">
            {t('payouts.winners.locked')}
          </Text>
        )}
        {winner.state === 'paid' && (
          <Text size="sm" c="teal">
            {t('payouts.winners.paidNote')}
          </Text>
        )}
        {canEdit && !winner.locked && (
          <Button variant={winner.details ? 'light' : 'filled'} onClick={onEdit} data-testid="payout-edit">
            {winner.details ? t('payouts.winners.correct') : t('payouts.winners.enter')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export function InstitutePayouts() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PayoutWinner | null>(null);
  const view = useQuery(winnersQuery(null, page));
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h3">
        {t('nav.payouts')}
      </Title>
      {view.isPending ? (
        <FullPageLoader minHeight={240} />
      ) : view.isError ? (
        <LoadFailed title={t('payouts.loadFailed')} error={view.error} retry={() => void view.refetch()} />
      ) : (
        <>
          <Alert color={view.data.window.open ? 'blue' : 'orange'} variant="light" icon={<IconClock aria-hidden />} data-testid="payout-window">
            {windowText(t, lang, view.data.window)}
          </Alert>
          {view.data.winners.total === 0 ? (
            <Text c="dimmed">{t('payouts.winners.none')}</Text>
          ) : (
            view.data.winners.data.map((winner) => (
              <WinnerCard key={winner.registration_id} winner={winner} canEdit={view.data.window.open} onEdit={() => setEditing(winner)} />
            ))
          )}
          <PageButtons total={view.data.winners.last_page} page={page} onChange={setPage} />
        </>
      )}
      {editing && <DetailsForm winner={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
