/**
 * The outbox (admins): every SMS and mail sent to institutes, its state, attempts and last error;
 * read-only, searchable by recipient; a failed message can be sent again from its state.
 */
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { ListRowOf } from '../../../common/resources';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { idDetail } from '../../resources/columns';
import { defineResource } from '../../resources/defineResource';
import type { ShowContext } from '../../resources/types';
import { NoticeState } from './NoticeState';

export type OutboxRow = ListRowOf<'outbox'>;

const channelLabel = (row: OutboxRow, { t }: { t: TFunction }) => t(`outbox.channels.${row.channel}`);

/** A phone number or an address is copied as it is: never localized. */
const recipient = (row: OutboxRow) => (
  <Text size="sm" lang="en">
    {row.recipient}
  </Text>
);

/** The recipient with the channel beneath: what a phone shows first, in one column. */
const recipientAndChannel = (row: OutboxRow, context: ShowContext) => (
  <>
    {recipient(row)}
    <Text size="xs" c="dimmed">
      {channelLabel(row, context)}
    </Text>
  </>
);

/** A mail by its subject, an SMS by its text, two lines at most in the list. */
const message = (row: OutboxRow) => (
  <Text size="sm" lineClamp={2} miw={220} maw={360}>
    {row.subject ?? row.body}
  </Text>
);

const when = (row: OutboxRow, { t, lang }: ShowContext) => {
  if (row.sent_at) return formatDateTime(row.sent_at, lang);
  if (row.state === 'failed') return '—';
  return t('outbox.nextAttempt', { time: formatDateTime(row.next_attempt_at, lang) });
};

// `outbox` is defined below; a cell is drawn only after that.
const state = (row: OutboxRow) => <NoticeState row={row} queryKey={outbox.queries.all} />;

export const outbox = defineResource<OutboxRow>({
  resource: 'outbox',
  section: 'outbox',
  text: 'outbox',
  list: {
    // What an admin looks for first (who, and whether it went) comes first.
    columns: [
      { key: 'recipient', label: 'outbox_recipient', render: recipientAndChannel, nowrap: true, priority: 1 },
      { key: 'state', label: 'outbox_state', render: state, nowrap: true, priority: 1 },
      { key: 'message', label: 'outbox_message', render: message, priority: 1 },
      { key: 'sent_at', label: 'outbox_sent_at', render: when, priority: 3 },
      { key: 'attempts', label: 'outbox_attempts', render: (row, { lang }) => formatNumber(row.attempts, lang), nowrap: true, priority: 4 },
    ],
    addNew: false,
  },
  form: { schema: z.object({}), values: () => ({}) },
  details: {
    rows: [
      idDetail,
      { label: 'outbox_time', value: (row, { lang }) => formatDateTime(row.created_at, lang) },
      { label: 'outbox_channel', value: channelLabel },
      { label: 'outbox_recipient', value: recipient },
      { label: 'outbox_state', value: state },
      { label: 'outbox_attempts', value: (row, { lang }) => formatNumber(row.attempts, lang) },
      { label: 'outbox_sent_at', value: when },
      { label: 'outbox_last_error', value: (row) => row.last_error ?? '—' },
      { label: 'outbox_subject', value: (row) => row.subject ?? '—' },
      {
        label: 'outbox_message',
        value: (row) => (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {row.body}
          </Text>
        ),
      },
      { label: 'outbox_event', value: (row) => <span lang="en">{row.event_key}</span> },
    ],
  },
  lockedText: (t) => t('outbox.readOnly'),
  rowLabel: (row) => `${row.recipient} #${row.id}`,
});
