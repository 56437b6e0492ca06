/**
 * Registration fee payments (spec §2, §3, §5; architecture §5): the list asks for each payment's
 * institute (name and phone) and has Export but no Add New; an institute's payment stays pending
 * until an admin approves it, and an approved one is closed to the institute.
 */
import { Badge, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { z } from 'zod';
import type { PaymentState } from '../../../common/constants';
import { PaymentFields, withPaymentRules } from '../../../common/schemas/payments';
import { requiredId } from '../../../common/validation';
import { formatDateTime, formatDay, formatMoney, formatNumber, localizeDigits, todayIso } from '../../i18n/format';
import { PhoneLink } from '../../components/PhoneLink';
import { PaymentDecision } from './PaymentDecision';
import { PaymentFormBody } from './PaymentFormBody';
import { methodLabel } from '../../i18n/reference';
import { serialColumn, stampDetails, statusDetail } from '../../resources/columns';
import { CoveredStudents } from './CoveredStudents';
import { StateFilter } from './StateFilter';
import { ANALYTICS_KEY } from '../../api/analytics';
import { defineResource } from '../../resources/defineResource';
import type { ListRowOf } from '../../../common/resources';
import type { Column, DetailRow, ShowContext } from '../../resources/types';

export type PaymentRow = ListRowOf<'payments'>;

const STATE_COLORS: Record<PaymentState, string> = { pending: 'yellow', approved: 'teal', refused: 'red' };

export function StateBadge({ state, context }: { state: PaymentState; context: ShowContext }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light" miw="max-content" data-testid="approval">
      {context.t(`payments.${state}`)}
    </Badge>
  );
}

const phone = (row: PaymentRow, size: 'xs' | 'sm' = 'sm') =>
  row.institute?.phone_number ? <PhoneLink number={row.institute.phone_number} size={size} /> : null;

function institute(row: PaymentRow, context: ShowContext): ReactNode {
  return (
    <>
      <Text size="sm">{row.institute?.name ?? `#${localizeDigits(String(row.institute_id), context.lang)}`}</Text>
      {phone(row, 'xs')}
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
  { key: 'state', label: 'approval', render: (row, context) => <StateBadge state={row.state} context={context} />, nowrap: true },
  { key: 'students', label: 'students', render: (row, { lang }) => (row.students ? formatNumber(row.students, lang) : '—'), nowrap: true, priority: 3 },
  // Two payments of one amount differ by these: under the amount when a phone has no room for them.
  { key: 'transaction_id', label: 'transaction_id', render: transaction, nowrap: true, tuck: true },
  { key: 'date', label: 'date', render: (row, { lang }) => formatDay(row.date, lang, 'medium'), nowrap: true, priority: 3, tuck: true },
];

const details: readonly DetailRow<PaymentRow>[] = [
  { label: 'institute_name', value: (row) => row.institute?.name },
  { label: 'mobile', value: (row) => phone(row) },
  { label: 'payment_method', value: (row, { t }) => methodLabel(t, row.payment_method) },
  { label: 'amount', value: (row, { lang }) => formatMoney(row.amount, lang) },
  { label: 'transaction_id', value: (row) => <span lang="en">{row.transaction_id}</span> },
  { label: 'date', value: (row, { lang }) => formatDay(row.date, lang) },
  { label: 'approval', value: (row, context) => <StateBadge state={row.state} context={context} /> },
  { label: 'students', value: (row) => <CoveredStudents row={row} /> },
  { label: 'approved_at', value: (row, { lang }) => (row.approved_at ? formatDateTime(row.approved_at, lang) : null), when: (row) => row.state === 'approved' },
  { label: 'refusal_reason', value: (row) => row.refusal_reason, when: (row) => row.state === 'refused' },
  { label: 'refused_at', value: (row, { lang }) => (row.refused_at ? formatDateTime(row.refused_at, lang) : null), when: (row) => row.state === 'refused' },
  // Active or deactivated is not the approval: said only of a deactivated payment, never "active" beside "refused".
  ...stampDetails.map((detail) => (detail === statusDetail ? { ...detail, when: (row: PaymentRow) => row.status !== 1 } : detail)),
];

/** The chosen students travel in the form as ids joined by commas; the API takes a list. */
const chosenStudents = z.string().optional();
const instituteForm = withPaymentRules(PaymentFields.extend({ registration_ids: chosenStudents }));
/** An admin's form: the institute must be chosen (the server answers 422 otherwise). */
const adminForm = withPaymentRules(PaymentFields.extend({ institute_id: requiredId(), registration_ids: chosenStudents }));

/** The form's values as the API takes them: the chosen students as a list, or left out (a new payment names nobody, an edit keeps its students). */
function withStudents(values: Record<string, unknown>): Record<string, unknown> {
  const { registration_ids: ids, ...body } = values;
  const list = typeof ids === 'string' && ids !== '' ? ids.split(',').map(Number) : [];
  return list.length > 0 ? { ...body, registration_ids: list } : body;
}

export const payments = defineResource<PaymentRow>({
  resource: 'payments',
  section: 'payments',
  text: 'payments',
  list: {
    columns,
    relations: ['institute'],
    addNew: false,
    exportTitle: 'payment-list',
    // Many pending payments checked against a bKash or bank statement at once (docs/integrators/statements.md).
    headerLinks: [{ label: (t) => t('reconcile.button'), subPath: 'reconcile', icon: IconListCheck, testId: 'reconcile-button', roles: ['admin'] }],
    // The payments still to decide on, among a season's hundreds.
    filters: [{ param: 'state', roles: ['admin'], Input: StateFilter }],
  },
  form: {
    schema: instituteForm,
    schemaFor: ({ user }) => (user.role === 'admin' ? adminForm : instituteForm),
    values: (row, user) => ({
      ...(user.role === 'admin' ? { institute_id: row ? String(row.institute_id) : '', is_approved: row ? String(row.is_approved) : '0' } : {}),
      payment_method: row?.payment_method ?? 'bkash',
      amount: row ? String(row.amount) : '',
      transaction_id: row?.transaction_id ?? '',
      date: row?.date ?? todayIso(),
      registration_ids: '',
    }),
    Body: PaymentFormBody,
    // An institute's payment waits for the admin: the toast says so, not only that something was saved.
    savedText: (t, _mode, user) => (user.role === 'admin' ? undefined : t('payments.filed')),
    // Approval and the institute are the admin's; an institute's payment is its own and pending.
    toBody: (values, _mode, user) => {
      if (user.role === 'admin') return withStudents(values);
      const { institute_id: _institute, is_approved: _approval, ...body } = values;
      return withStudents(body);
    },
  },
  details: { rows: details, Extra: PaymentDecision },
  lockedText: (t) => t('payments.locked'),
  // The dashboard's numbers and the paid badge.
  alsoInvalidates: [ANALYTICS_KEY],
  rowLabel: (row) => row.transaction_id,
});
