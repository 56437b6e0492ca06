/**
 * The sends in bulk (docs/integrators/notices.md): for each, the students read, the messages queued, sent,
 * failed and left, and the time the rest take at the configured SMS rate; read again every few seconds
 * while messages are left.
 */
import { Badge, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconMessage2Off } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { NoticeSendView } from '../../../common/schemas/outbox';
import { FullPageLoader } from '../../components/FullPageLoader';
import type { Lang } from '../../../common/messages';
import { useLanguage } from '../../i18n';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { CountCards } from '../../import/CountCards';
import { MessagePanel } from '../../shell/MessagePanel';
import { noticeSendsQuery } from './api';

const STATE_COLORS = { queuing: 'blue', queued: 'teal', stopped: 'gray' } as const;

/** Hours and minutes, or minutes, or under a minute: what a wait is read as. */
function timeLeft(seconds: number, t: TFunction, lang: Lang): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return t('outbox.sends.underMinute');
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return t('outbox.sends.minutes', { minutes: formatNumber(minutes, lang) });
  return t('outbox.sends.hours', { hours: formatNumber(hours, lang), minutes: formatNumber(minutes % 60, lang) });
}

function SendCard({ send }: { send: NoticeSendView }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const n = (value: number) => formatNumber(value, lang);
  const finished = send.sent + send.failed;
  const cards = [
    { key: 'queued', color: 'blue', label: t('outbox.sends.queued'), value: n(send.queued) },
    { key: 'sent', color: 'teal', label: t('outbox.sends.sent'), value: n(send.sent) },
    { key: 'failed', color: 'red', label: t('outbox.sends.failed'), value: n(send.failed) },
    { key: 'left', color: 'yellow', label: t('outbox.sends.left'), value: n(send.left) },
  ];
  return (
    <Paper withBorder p="md" radius="md" data-testid={`send-${send.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={3} size="h4">
              {t(`outbox.sends.kinds.${send.kind}`, { defaultValue: send.kind })}
            </Title>
            <Text size="sm" c="dimmed">
              {t('outbox.sends.started', { time: formatDateTime(send.created_at, lang), version: n(send.version) })}
            </Text>
          </div>
          <Badge color={STATE_COLORS[send.state]} variant="light">
            {t(`outbox.sends.states.${send.state}`)}
          </Badge>
        </Group>
        {send.state === 'queuing' ? (
          <div>
            <Text size="sm">{t('outbox.sends.reading', { read: n(send.read), total: n(send.total) })}</Text>
            <Progress value={send.total > 0 ? (100 * send.read) / send.total : 0} aria-label={t('outbox.sends.readingLabel')} mt={4} />
          </div>
        ) : null}
        <CountCards cards={cards} testId={`send-${send.id}`} />
        <Progress value={send.queued > 0 ? (100 * finished) / send.queued : 0} color="teal" aria-label={t('outbox.sends.sendingLabel')} />
        <Text size="sm" data-testid={`send-${send.id}-eta`}>
          {send.seconds_left === null
            ? t('outbox.sends.done')
            : t('outbox.sends.eta', { time: timeLeft(send.seconds_left, t, lang), rate: n(send.rate_per_second) })}
        </Text>
      </Stack>
    </Paper>
  );
}

export function BulkSends() {
  const { t } = useTranslation();
  const sends = useQuery(noticeSendsQuery);
  if (sends.isPending) return <FullPageLoader />;
  return (
    <Stack gap="md">
      <Title order={2}>{t('outbox.sends.title')}</Title>
      <Text size="sm" c="dimmed" maw={720}>
        {t('outbox.sends.intro')}
      </Text>
      {sends.data?.length ? (
        sends.data.map((send) => <SendCard key={send.id} send={send} />)
      ) : (
        <MessagePanel icon={<IconMessage2Off size={30} />} color="gray" title={t('outbox.sends.noneTitle')} body={t('outbox.sends.none')} headingOrder={2} />
      )}
    </Stack>
  );
}
