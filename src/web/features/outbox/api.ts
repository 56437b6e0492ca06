/** The outbox's own call beside its list: the sends in bulk and how far they have got. */
import { queryOptions } from '@tanstack/react-query';
import type { NoticeSendView } from '../../../common/schemas/outbox';
import { apiRequest } from '../../api/client';

/** While a send has messages left, its counts are read again this often. */
const REFRESH_MS = 3000;

export const noticeSendsQuery = queryOptions({
  queryKey: ['outbox', 'sends'],
  queryFn: async ({ signal }) => (await apiRequest<NoticeSendView[]>('/v1/outbox/sends', { method: 'GET', signal })).data,
  refetchInterval: (query) => (query.state.data?.some((send) => send.state === 'queuing' || send.left > 0) ? REFRESH_MS : false),
});
