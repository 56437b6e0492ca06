/** Fee payments as a resource (spec §2, §3): columns, lists and export; the rules are in payments.service.ts. */
import { withRow } from '../../../common/resources.js';
import { PaymentBody, PaymentRow } from '../../../common/schemas/payments.js';
import { columnsOf, defineResource } from '../../lib/resource/definition.js';
import { changePayment, createPayment, destroyPayment, guardPayment, setPaymentStatus } from './payments.service.js';

export const paymentResource = defineResource({
  ...withRow('payments', PaymentRow),
  table: 'scholarship_payments',
  columns: {
    ...columnsOf('scholarship_payments', [
      'id',
      'institute_id',
      'amount',
      'payment_method',
      'transaction_id',
      'date',
      'is_approved',
      'approved_by',
      'approved_at',
      'state',
      'students',
      'refusal_reason',
      'refused_at',
      'creator',
      'slug',
      'status',
      'created_at',
      'updated_at',
    ]),
    institute_name: 'users.name',
    institute_phone: 'users.phone_number',
  },
  // The institute's name and mobile beside each payment, for the admin's search and Excel.
  source: (db) => db.selectFrom('scholarship_payments').innerJoin('users', 'users.id', 'scholarship_payments.institute_id'),
  searchable: ['transaction_id', 'institute_name'],
  sortable: ['id', 'amount', 'date', 'is_approved', 'state', 'institute_id', 'created_at'],
  filterable: ['id', 'institute_id', 'payment_method', 'is_approved', 'state', 'date', 'amount'],
  relations: { institute: { table: 'users', foreignKey: 'institute_id', columns: ['name', 'phone_number'] } },
  storeSchema: PaymentBody,
  updateSchema: PaymentBody,
  owner: 'institute_id',
  versions: (user) => [user.role === 'institute' ? `institute:${user.id}` : 'season'],
  exportColumns: [
    'id',
    'institute_id',
    'institute_name',
    'institute_phone',
    'amount',
    'payment_method',
    'transaction_id',
    'date',
    'is_approved',
    'state',
    'students',
    'refusal_reason',
    'approved_at',
    'refused_at',
    'status',
    'created_at',
  ],

  create: createPayment,
  update: changePayment,
  setStatus: setPaymentStatus,
  destroy: destroyPayment,
  guardColumns: ['is_approved'],
  guardWrite: guardPayment,
});
