/**
 * The five calls every resource answers (architecture §4) and the TanStack Query options built on
 * them: one factory per resource, shared by its screens and by cache invalidation (bulletproof-react).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client';
import { listQueryString, type ListParams, type Paginated } from '../components/list/listQuery';

export type Row = { id: number };

export function resourceEndpoints<R extends Row>(api: string) {
  return {
    list: async (params: ListParams, signal?: AbortSignal) =>
      (await apiRequest<Paginated<R>>(`${api}?${listQueryString(params)}`, { method: 'GET', signal })).data,
    one: async (id: number, signal?: AbortSignal) => (await apiRequest<R>(`${api}/${id}`, { method: 'GET', signal })).data,
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
