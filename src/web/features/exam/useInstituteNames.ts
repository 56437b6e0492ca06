/** Institutes' names by id, for a centre's named institutes (the centre keeps only their ids). */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RESOURCES } from '../../../common/resources';
import { apiRequest } from '../../api/client';
import { listQueryString, type Paginated } from '../../components/list/listQuery';

export const USERS_API = `/v1/${RESOURCES.users.name}`;

/** The names of institutes given by id, 100 at most, as the list's `in` condition allows. */
export function useInstituteNames(ids: readonly number[]): ReadonlyMap<number, string> {
  const wanted = ids.slice(0, 100);
  const names = useQuery({
    queryKey: [RESOURCES.users.name, 'names', wanted],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Paginated<{ id: number; name: string }>>(
          `${USERS_API}?${listQueryString({ paginate: wanted.length, fields: ['id', 'name'], conditions: { id: { in: wanted } } })}`,
          { method: 'GET', signal },
        )
      ).data.data,
    enabled: wanted.length > 0,
    staleTime: 60_000,
  });
  return useMemo(() => new Map((names.data ?? []).map((row) => [row.id, row.name])), [names.data]);
}
