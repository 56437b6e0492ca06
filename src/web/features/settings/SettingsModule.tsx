/**
 * Settings (spec §2, admin only): the left menu built from the server's groups and sub groups, an
 * overview grid at the root, and update/{group_id}/{sub_group_id} with the sub group's form.
 */
import { IconAdjustmentsHorizontal, IconLayoutGrid } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { ModuleLayout } from '../../resources/ModuleLayout';
import type { MenuEntry } from '../../resources/types';
import { sectionPath } from '../../shell/sections';
import { settingsGroupsQuery } from './api';
import { LoadProblem } from './LoadProblem';
import { SettingsUpdateScreen } from './SettingsForm';
import { SettingsOverview } from './SettingsOverview';
import { settingsUpdatePath } from './settingsForm';

const base = sectionPath('settings');

export default function SettingsModule() {
  const { t } = useTranslation();
  const groups = useQuery(settingsGroupsQuery);
  const menu: MenuEntry[] = [
    { label: t('settings.overview'), to: base, icon: IconLayoutGrid },
    ...(groups.data ?? []).flatMap((group) =>
      group.sub_group.map((sub) => ({ label: sub.title, to: settingsUpdatePath(base, group.id, sub.id), icon: IconAdjustmentsHorizontal, group: group.title })),
    ),
  ];

  return (
    <ModuleLayout title={t('nav.settings')} menu={menu}>
      {groups.isPending ? (
        <FullPageLoader minHeight={240} />
      ) : groups.isError ? (
        <LoadProblem error={groups.error} retry={() => void groups.refetch()} />
      ) : (
        <Routes>
          <Route index element={<SettingsOverview base={base} groups={groups.data} />} />
          <Route path="update/:groupId/:subGroupId" element={<SettingsUpdateScreen base={base} groups={groups.data} />} />
          <Route path="*" element={<LoadProblem error={undefined} backTo={base} />} />
        </Routes>
      )}
    </ModuleLayout>
  );
}
