/**
 * Registration fee payments (spec §2, §3, §5; architecture §5): the list asks for each payment's
 * institute (name and phone) and has Export but no Add New; an institute's payment stays pending
 * until an admin approves it, and an approved one is closed to the institute.
 */
import { Badge, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PaymentBody, PaymentFields, withPaymentRules } from '../../../common/schemas/payments';
import { requiredId } from '../../../common/validation';
import { formatDateTime, formatDay, formatMoney, localizeDigits, todayIso } from '../../i18n/format';
import { PaymentFormBody } from './PaymentFormBody';
import { methodLabel } from '../../i18n/reference';
import { serialColumn, stampDetails } from '../../resources/columns';
import { ANALYTICS_KEY } from '../../api/analytics';
import { defineResource } from '../../resources/defineResource';
import type { ListRowOf } from '../../../common/resources';
import type { Column, DetailRow, ShowContext } from '../../resources/types';

export type PaymentRow = ListRowOf<'payments'>;

export function ApprovalBadge({ approved, context }: { approved: unknown; context: ShowContext }) {
  return approved ? (
    <Badge color="teal" variant="light" miw="max-content" data-testid="approval">
      {context.t('payments.approved')}
    </Badge>
  ) : (
    <Badge color="yellow" variant="light" miw="max-content" data-testid="approval">
      {context.t('payments.pending')}
    </Badge>
  );
}

const phone = (row: PaymentRow, { lang }: ShowContext) => (row.institute?.phone_number ? localizeDigits(row.institute.phone_number, lang) : null);

function institute(row: PaymentRow, context: ShowContext): ReactNode {
  const number = phone(row, context);
  return (
    <>
      <Text size="sm">{row.institute?.name ?? `#${localizeDigits(String(row.institute_id), context.lang)}`}</Text>
      {number && (
        <Text size="xs" c="dimmed">
          {number}
        </Text>
      )}
    </>
  );
}

/** The number, with how it was paid beneath (one column less for a phone to scroll past). */
function transaction(row: PaymentRow, { t }: ShowContext): ReactNode {
  return (
    <>
      <Text size="sm" lang="en">
        {row.transaction_id}
      </Text>
      <Text size="xs" c="dimmed">
        {methodLabel(t, row.payment_method)}
      </Text>
    </>
  );
}

// What an institute looks for first (how much, approved or not) comes first.
const columns: readonly Column<PaymentRow>[] = [
  serialColumn,
  // An institute's list holds only its own payments.
  { key: 'institute', label: 'institute_name', render: institute, roles: ['admin'], priority: 1 },
  { key: 'amount', label: 'amount', render: (row, { lang }) => formatMoney(row.amount, lang), nowrap: true, priority: 1 },
  { key: 'is_approved', label: 'approval', render: (row, context) => <ApprovalBadge approved={row.is_approved} context={context} />, nowrap: true },
  { key: 'transaction_id', label: 'transaction_id', render: transaction, nowrap: true },
  { key: 'date', label: 'date', render: (row, { lang }) => formatDay(row.date, lang, 'medium'), nowrap: true, priority: 3 },
];

const details: readonly DetailRow<PaymentRow>[] = [
  { label: 'institute_name', value: (row) => row.institute?.name },
  { label: 'mobile', value: phone },
  { label: 'payment_method', value: (row, { t }) => methodLabel(t, row.payment_method) },
  { label: 'amount', value: (row, { lang }) => formatMoney(row.amount, lang) },
  { label: 'transaction_id', value: (row) => <span lang="en">{row.transaction_id}</span> },
  { label: 'date', value: (row, { lang }) => formatDay(row.date, lang) },
  { label: 'approval', value: (row, context) => <ApprovalBadge approved={row.is_approved} context={context} /> },
  { label: 'approved_at', value: (row, { lang }) => (row.approved_at ? formatDateTime(row.approved_at, lang) : null) },
  ...stampDetails,
];

/** An admin's form: the institute must be chosen (the server answers 422 otherwise). */
const adminForm = withPaymentRules(PaymentFields.extend({ institute_id: requiredId() }));

export const payments = defineResource<PaymentRow>({
  resource: 'payments',
  section: 'payments',
  text: 'payments',
  list: { columns, relations: ['institute'], addNew: false, exportTitle: 'payment-list' },
  form: {
    schema: PaymentBody,
    schemaFor: ({ user }) => (user.role === 'admin' ? adminForm : PaymentBody),
    values: (row, user) => ({
      ...(user.role === 'admin' ? { institute_id: row ? String(row.institute_id) : '', is_approved: row ? String(row.is_approved) : '0' } : {}),
      payment_method: row?.payment_method ?? 'bkash',
      amount: row ? String(row.amount) : '',
      transaction_id: row?.transaction_id ?? '',
      date: row?.date ?? todayIso(),
    }),
    Body: PaymentFormBody,
    // Approval and the institute are the admin's; an institute's payment is its own and pending.
    toBody: (values, _mode, user) => {
      if (user.role === 'admin') return values;
      const { institute_id: _institute, is_approved: _approval, ...body } = values;
      return body;
    },
  },
  details: { rows: details },
  lockedText: (t) => t('payments.locked'),
  // The dashboard's numbers and the paid badge.
  alsoInvalidates: [ANALYTICS_KEY],
  rowLabel: (row) => row.transaction_id,
});
