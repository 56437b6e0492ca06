/**
 * GET /api/v1/scholarship-registrations/analytics (spec §3 Analytics, §7) and GET
 * /api/v1/scholarship-payments/deposit-info. Counts change with every registration and approval,
 * so a screen that shows them asks again each time it is opened.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AnalyticsData, DepositInfo } from '../../common/schemas/registrations';
import { apiRequest } from './client';
import { listQueryString } from '../components/list/listQuery';

/** The page shown, as the list's links lead there (a keyset only when the server's link carries one). */
export type InstitutePage = { page: number; afterId?: number; paginate: number; search: string };

/** Every analytics answer; registrations and payments mark them stale when they change. */
export const ANALYTICS_KEY = ['analytics'] as const;

export const analyticsQuery = (institutes?: InstitutePage) =>
  queryOptions({
    queryKey: [...ANALYTICS_KEY, institutes ?? null],
    queryFn: async ({ signal }) =>
      (await apiRequest<AnalyticsData>(`/v1/scholarship-registrations/analytics?${listQueryString(institutes ?? {})}`, { method: 'GET', signal })).data,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const depositInfoQuery = queryOptions({
  queryKey: ['deposit-info'],
  queryFn: async ({ signal }) => (await apiRequest<DepositInfo>('/v1/scholarship-payments/deposit-info', { method: 'GET', signal })).data,
});
