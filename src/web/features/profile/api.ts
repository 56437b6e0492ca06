/** The profile calls of spec §7: the caller's own account (answers `{user}` like /auth/me); the server ignores any id sent. */
import { queryOptions } from '@tanstack/react-query';
import type { PasswordChangeBody, ProfileUpdateBody } from '../../../common/schemas/institute';
import type { PublicUser } from '../../../common/schemas/user';
import { apiRequest } from '../../api/client';

export const profileApi = {
  get: async (signal?: AbortSignal) => (await apiRequest<{ user: PublicUser }>('/v1/profile', { method: 'GET', signal })).data.user,
  updateInfo: (body: ProfileUpdateBody) => apiRequest<{ user: PublicUser }>('/v1/profile/update-info', { body }),
  updatePassword: (body: PasswordChangeBody) => apiRequest<null>('/v1/profile/update-password', { body }),
  sendPhoneCode: () => apiRequest<null>('/v1/profile/phone/send-code', { body: {} }),
  confirmPhone: (code: string) => apiRequest<{ user: PublicUser }>('/v1/profile/phone/confirm', { body: { code } }),
};

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => profileApi.get(signal),
});
