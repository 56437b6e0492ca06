/**
 * The outbox for admins: every SMS and mail with its state, attempts and last error, newest first;
 * filter by channel and state (`?channel=sms&state=failed`), search by recipient. Read-only through
 * the resource machinery (no write roles); a failed message is retried by POST /api/v1/outbox/retry.
 */
import { sql } from 'kysely';
import { withRow } from '../../../common/resources.js';
import { OutboxRow } from '../../../common/schemas/outbox.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';

export const outboxResource = defineResource({
  ...withRow('outbox', OutboxRow),
  table: 'outbox',
  columns: columnsOf('outbox', [
    'id',
    'channel',
    'recipient',
    'subject',
    'body',
    'event_key',
    'user_id',
    'state',
    'attempts',
    'next_attempt_at',
    'last_error',
    'status',
    'created_at',
    'updated_at',
    'sent_at',
  ]),
  searchable: ['recipient'],
  // A recipient starting with the text, over the (recipient, id) index: a phone number or an address is
  // typed from its start, and a substring search would read every message of the season.
  searchIndex: (text, dialect) => {
    const recipient = dialect === 'postgres' ? sql`outbox.recipient collate "C"` : sql`outbox.recipient`;
    return sql`${recipient} >= ${text} and ${recipient} < ${`${text}\u{10FFFF}`}`;
  },
  sortable: ['id', 'created_at', 'state', 'channel', 'attempts'],
  filterable: ['id', 'channel', 'state', 'user_id', 'event_key', 'created_at'],
  defaultPageSize: 25,
});
