/**
 * The exam section (admins): the exam form and the admit cards' publication at /exam, the
 * seat plan at /exam/seats, and the exam centres at /exam/centres on the shared resource screens.
 */
import { IconArmchair, IconBuildingCommunity, IconClipboardText, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { ModuleLayout } from '../../resources/ModuleLayout';
import { ResourceScreens } from '../../resources/ResourceModule';
import { sectionPath } from '../../shell/sections';
import { centres } from './centres';
import { ExamScreen } from './ExamScreen';
import { SeatsScreen } from './SeatsScreen';

export default function ExamModule() {
  const { t } = useTranslation();
  const base = sectionPath('exam');
  return (
    <ModuleLayout
      title={t('nav.exam')}
      menu={[
        { label: t('exam.menu.exam'), to: base, icon: IconClipboardText },
        { label: t('exam.menu.seats'), to: `${base}/seats`, icon: IconArmchair },
        { label: t('resources.centres.list'), to: centres.href.list, icon: IconBuildingCommunity },
        { label: t('resources.centres.create'), to: centres.href.create, icon: IconPlus },
      ]}
    >
      <Routes>
        <Route index element={<ExamScreen />} />
        <Route path="seats" element={<SeatsScreen />} />
        <Route path="centres/*" element={<ResourceScreens resource={centres} />} />
      </Routes>
    </ModuleLayout>
  );
}
