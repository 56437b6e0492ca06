/** The caller's two-factor login (docs/operators/security.md): read by the profile's screen and by the dashboard's notice. */
import { queryOptions } from '@tanstack/react-query';
import type { TwoFactorChangeBody, TwoFactorSetup, TwoFactorStatus } from '../../common/schemas/two-factor';
import { apiRequest } from './client';

export const twoFactorApi = {
  status: async (signal?: AbortSignal) => (await apiRequest<TwoFactorStatus>('/v1/profile/two-factor', { method: 'GET', signal })).data,
  setup: () => apiRequest<TwoFactorSetup>('/v1/profile/two-factor/setup', { body: {} }),
  enable: (body: TwoFactorChangeBody) => apiRequest<{ recovery_codes: string[] }>('/v1/profile/two-factor/enable', { body }),
  disable: (body: TwoFactorChangeBody) => apiRequest<null>('/v1/profile/two-factor/disable', { body }),
  policy: (required: boolean) => apiRequest<null>('/v1/profile/two-factor/policy', { body: { required } }),
};

export const twoFactorQuery = queryOptions({
  queryKey: ['two-factor'],
  queryFn: ({ signal }) => twoFactorApi.status(signal),
});
