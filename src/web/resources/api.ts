/**
 * The five calls every resource answers (architecture §4) and the TanStack Query options built on
 * them: one factory per resource, shared by its screens and by cache invalidation (bulletproof-react).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Abilities, Policy } from '../../common/schemas/rows';
import { apiRequest } from '../api/client';
import { listQueryString, type ListParams, type Paginated } from '../components/list/listQuery';

/** A row of any resource; `abilities` is what the server lets the user do with it (its answer's `policies`). */
export type Row = { id: number; abilities?: Abilities };

/** What may be done with a row: only what the server said it allows. */
export const can = (row: Row, action: keyof Abilities) => row.abilities?.[action] === true;

/** Each row with the abilities its answer's `policies` give it. */
function withAbilities<R extends Row>(rows: R[], policies: Policy[] = []): R[] {
  const byId = new Map(policies.flatMap((policy) => policy.ids.map((id) => [id, policy.abilities] as const)));
  return rows.map((row) => ({ ...row, abilities: byId.get(row.id) }));
}

export function resourceEndpoints<R extends Row>(api: string) {
  return {
    list: async (params: ListParams, signal?: AbortSignal): Promise<Paginated<R>> => {
      const answer = await apiRequest<Paginated<R>>(`${api}?${listQueryString(params)}`, { method: 'GET', signal });
      return { ...answer.data, data: withAbilities(answer.data.data, answer.policies) };
    },
    one: async (id: number, signal?: AbortSignal): Promise<R> => {
      const answer = await apiRequest<R>(`${api}/${id}`, { method: 'GET', signal });
      return withAbilities([answer.data], answer.policies)[0]!;
    },
    store: (body: object) => apiRequest<R>(`${api}/store`, { body }),
    update: (body: object & { id: number }) => apiRequest<R>(`${api}/update`, { body }),
    softDelete: (id: number) => apiRequest<unknown>(`${api}/soft-delete`, { body: { id } }),
    restore: (id: number) => apiRequest<unknown>(`${api}/restore`, { body: { id } }),
    destroy: (id: number) => apiRequest<unknown>(`${api}/destroy`, { body: { id } }),
  };
}

export type ResourceEndpoints<R extends Row> = ReturnType<typeof resourceEndpoints<R>>;

export function resourceQueries<R extends Row>(name: string, endpoints: ResourceEndpoints<R>) {
  return {
    /** Every cached answer of the resource: invalidated after any change. */
    all: [name] as const,
    list: (params: ListParams) =>
      queryOptions({
        queryKey: [name, 'list', params],
        queryFn: ({ signal }) => endpoints.list(params, signal),
        // The previous page stays on screen while the next one loads.
        placeholderData: keepPreviousData,
      }),
    detail: (id: number) =>
      queryOptions({
        queryKey: [name, 'detail', id],
        queryFn: ({ signal }) => endpoints.one(id, signal),
      }),
  };
}
