/** The settings calls of spec §7: groups with sub groups, a sub group's values, and their update. */
import { queryOptions } from '@tanstack/react-query';
import type { SettingGroup, SettingValue } from '../../../common/schemas/settings';
import { apiRequest } from '../../api/client';

export const settingsApi = {
  groups: async (signal?: AbortSignal) => (await apiRequest<SettingGroup[]>('/v1/settings/fields', { method: 'GET', signal })).data,
  values: async (groupId: number, subGroupId: number, signal?: AbortSignal) =>
    (await apiRequest<SettingValue[]>(`/v1/settings/${groupId}/${subGroupId}/values`, { method: 'GET', signal })).data,
  update: (body: { id: number; fields: Record<string, { value: string }> }) => apiRequest<SettingValue[]>('/v1/settings/update', { body }),
};

export const settingsGroupsQuery = queryOptions({
  queryKey: ['settings', 'groups'],
  queryFn: ({ signal }) => settingsApi.groups(signal),
});

export const settingValuesQuery = (groupId: number, subGroupId: number) =>
  queryOptions({
    queryKey: ['settings', 'values', groupId, subGroupId],
    queryFn: ({ signal }) => settingsApi.values(groupId, subGroupId, signal),
  });
