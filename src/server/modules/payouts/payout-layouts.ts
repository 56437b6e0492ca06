/**
 * The providers' bulk payout layouts, as data (docs/integrators/payouts.md): which students a layout pays
 * (a method, and for a wallet its provider) and its columns, each a header, the line's field it shows and
 * how it is written. A provider changing its template is an edit here, not new code.
 */
import type { PayoutMethod, WalletProvider } from '../../../common/schemas/payouts.js';

/** What a layout's column shows of a line. */
export type LayoutSource =
  | 'reference'
  | 'amount'
  | 'wallet_number'
  | 'guardian_name'
  | 'account_name'
  | 'account_number'
  | 'routing_number'
  | 'bank_name'
  | 'branch_name'
  | 'roll_no'
  | 'student_name';

/**
 * How a value is written: `text` as entered (a number people copy keeps its leading zero), `taka` whole taka
 * as a number, `taka_decimal` with two decimals as text ("1500.00", what EFT templates ask for), `msisdn`
 * a mobile number with the country code (8801XXXXXXXXX).
 */
export type LayoutFormat = 'text' | 'taka' | 'taka_decimal' | 'msisdn';

export type PayoutLayout = {
  key: string;
  method: PayoutMethod;
  provider: WalletProvider | null;
  columns: readonly { header: string; source: LayoutSource; format: LayoutFormat }[];
};

export const PAYOUT_LAYOUTS: readonly PayoutLayout[] = [
  {
    // bKash's bulk disbursement sheet: one wallet a row, the reference shown to the receiver.
    key: 'bkash_bulk',
    method: 'wallet',
    provider: 'bkash',
    columns: [
      { header: 'Wallet Number', source: 'wallet_number', format: 'text' },
      { header: 'Amount', source: 'amount', format: 'taka' },
      { header: 'Reference', source: 'reference', format: 'text' },
      { header: 'Name', source: 'guardian_name', format: 'text' },
    ],
  },
  {
    // Nagad's bulk disbursement takes the same fields, the number with the country code.
    key: 'nagad_bulk',
    method: 'wallet',
    provider: 'nagad',
    columns: [
      { header: 'Mobile Number', source: 'wallet_number', format: 'msisdn' },
      { header: 'Amount', source: 'amount', format: 'taka' },
      { header: 'Reference', source: 'reference', format: 'text' },
      { header: 'Receiver Name', source: 'guardian_name', format: 'text' },
    ],
  },
  {
    // A BEFTN (Bangladesh Electronic Funds Transfer Network) credit file as banks' bulk upload takes it.
    key: 'beftn',
    method: 'bank',
    provider: null,
    columns: [
      { header: 'Receiver Name', source: 'account_name', format: 'text' },
      { header: 'Account Number', source: 'account_number', format: 'text' },
      { header: 'Routing Number', source: 'routing_number', format: 'text' },
      { header: 'Amount', source: 'amount', format: 'taka_decimal' },
      { header: 'Reference', source: 'reference', format: 'text' },
      { header: 'Bank Name', source: 'bank_name', format: 'text' },
      { header: 'Branch Name', source: 'branch_name', format: 'text' },
    ],
  },
];

export const layoutByKey = (key: string) => PAYOUT_LAYOUTS.find((layout) => layout.key === key);

/** A value written as its column's format says. */
export function formatted(format: LayoutFormat, value: string | number | null): string | number | null {
  if (value === null) return null;
  switch (format) {
    case 'taka':
      return Number(value);
    case 'taka_decimal':
      return Number(value).toFixed(2);
    case 'msisdn':
      return `88${String(value)}`;
    default:
      return String(value);
  }
}
