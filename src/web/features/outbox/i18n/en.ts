/** The English text of SMS and e-mail notices: exactly the keys of the Bengali (./bn.ts). */
import type { bn } from './bn.js';

export const en: typeof bn = {
  outbox: {
    readOnly: 'Messages are read-only; a message that failed can be sent again.',
    channels: { sms: 'SMS', email: 'Email' },
    states: { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed' },
    retry: 'Send again',
    retried: 'The message will be sent again.',
    nextAttempt: 'next attempt {{time}}',
    filterGroup: 'Filtered lists',
    filters: { failed: 'Failed', pending: 'Waiting', sent: 'Sent', sms: 'SMS', email: 'Email' },
    filterTitles: {
      failed: 'Messages that failed',
      pending: 'Waiting messages',
      sent: 'Sent messages',
      sms: 'All SMS',
      email: 'All emails',
    },
  },
  fields: {
    outbox_time: 'Created',
    outbox_channel: 'Channel',
    outbox_recipient: 'Recipient',
    outbox_state: 'State',
    outbox_message: 'Message',
    outbox_subject: 'Subject',
    outbox_attempts: 'Attempts',
    outbox_sent_at: 'Sent',
    outbox_last_error: 'Last error',
    outbox_event: 'Event',
  },
  resources: {
    outbox: {
      list: 'All messages',
      create: 'Message',
      edit: 'Message',
      details: 'Message details',
      info: 'Message',
    },
  },
};
