/** The authentication calls of spec §7; bodies are the shared schemas' parsed output. */
import type { LoginBody } from '../../common/schemas/auth';
import type { LoginResult } from '../../common/schemas/two-factor';
import type { RegisterBody } from '../../common/schemas/institute';
import type { PublicUser } from '../../common/schemas/user';
import { apiRequest } from '../api/client';

export const authApi = {
  me: (signal?: AbortSignal) => apiRequest<{ user: PublicUser }>('/auth/me', { signal }),
  login: (body: LoginBody) => apiRequest<LoginResult>('/auth/login', { body }),
  twoFactor: (body: { challenge: string; code: string }) => apiRequest<{ user: PublicUser; token: string }>('/auth/two-factor', { body }),
  logout: () => apiRequest<null>('/auth/logout'),
  register: (body: RegisterBody) => apiRequest<{ user: PublicUser }>('/auth/register', { body }),
  forgetPassword: (body: { email: string }) => apiRequest<null>('/auth/forget-password', { body }),
};
