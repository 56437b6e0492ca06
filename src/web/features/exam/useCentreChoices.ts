/** The active centres for the seat plan's screen: choices for moving students and names for the report. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DROPDOWN_PAGE_SIZE } from '../../../common/constants';
import { centres, type CentreRow } from './centres';

export function useCentreChoices() {
  const list = useQuery(
    centres.queries.list({ page: 1, paginate: DROPDOWN_PAGE_SIZE, status: 1, fields: ['id', 'name_bn', 'name_en', 'capacity', 'seated', 'rooms'] }),
  );
  const rows: CentreRow[] = useMemo(() => list.data?.data ?? [], [list.data]);
  const names = useMemo(() => new Map(rows.map((row) => [row.id, row.name_bn])), [rows]);
  return { rows, names, isPending: list.isPending };
}
