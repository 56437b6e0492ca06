/** The outbox's pre-filtered lists at filter/{type}: by channel and by state. */
import { IconAlertTriangle, IconCheck, IconClock, IconMail, IconMessage, type Icon } from '@tabler/icons-react';

export const OUTBOX_FILTERS = {
  failed: { icon: IconAlertTriangle, filters: { state: 'failed' } },
  pending: { icon: IconClock, filters: { state: 'pending' } },
  sent: { icon: IconCheck, filters: { state: 'sent' } },
  sms: { icon: IconMessage, filters: { channel: 'sms' } },
  email: { icon: IconMail, filters: { channel: 'email' } },
} as const satisfies Record<string, { icon: Icon; filters: Readonly<Record<string, string>> }>;

export type OutboxFilterType = keyof typeof OUTBOX_FILTERS;

export const outboxFilterTypes = Object.keys(OUTBOX_FILTERS) as OutboxFilterType[];

export function isOutboxFilter(type: string | undefined): type is OutboxFilterType {
  return type !== undefined && Object.hasOwn(OUTBOX_FILTERS, type);
}
