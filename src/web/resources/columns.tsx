/** Columns and details rows many resources share. */
import { Badge } from '@mantine/core';
import { localizeDigits, formatDateTime } from '../i18n/format';
import { StatusBadge } from './ResourceList';
import type { Column, DetailRow, ShowContext } from './types';

type WithId = { id: number };
type WithStatus = { status: number };
/** A list row may leave `updated_at` out; a fetched one, which details show, has it. */
type Stamped = { created_at: string; updated_at?: string };

export const showId = (id: number, { lang }: ShowContext) => localizeDigits(String(id), lang);

/** Spec §2's SI: the row's place in the whole list, counting on across pages. The id gives way before it (priority 4). */
export const serialColumn: Column<WithId> = {
  key: 'si',
  label: 'si',
  render: (_row, { lang }, position) => localizeDigits(String(position), lang),
  nowrap: true,
  priority: 3,
};

export const idColumn: Column<WithId> = { key: 'id', label: 'id', render: (row, context) => showId(row.id, context), nowrap: true, priority: 4 };

export const statusColumn: Column<WithStatus> = { key: 'status', label: 'status', render: (row) => <StatusBadge status={row.status} />, nowrap: true };

/** A 0/1 flag as Yes / No. */
export function YesNo({ value, context }: { value: unknown; context: ShowContext }) {
  return value ? (
    <Badge color="teal" variant="light" miw="max-content">
      {context.t('actions.yes')}
    </Badge>
  ) : (
    <Badge color="gray" variant="light" miw="max-content">
      {context.t('actions.no')}
    </Badge>
  );
}

export const idDetail: DetailRow<WithId> = { label: 'id', value: (row, context) => showId(row.id, context) };

export const statusDetail: DetailRow<WithStatus> = { label: 'status', value: (row) => <StatusBadge status={row.status} /> };

export const stampDetails: readonly DetailRow<WithStatus & Stamped>[] = [
  statusDetail,
  { label: 'created_at', value: (row, { lang }) => formatDateTime(row.created_at, lang) },
  { label: 'updated_at', value: (row, { lang }) => (row.updated_at ? formatDateTime(row.updated_at, lang) : null) },
];
