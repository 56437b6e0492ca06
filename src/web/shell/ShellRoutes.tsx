/** The shell's routes, one per section of the table, each behind its role guard. */
import { IconMapQuestion } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import type { Role } from '../../common/constants';
import { FullPageLoader } from '../components/FullPageLoader';
import { MessagePanel } from './MessagePanel';
import { SectionGuard } from './SectionGuard';
import { sectionParts } from './sectionParts';
import { sections } from './sections';

export function ShellRoutes({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<FullPageLoader minHeight={240} />}>
      <Routes>
        {sections.map((section) => {
          const { Screen } = sectionParts(section.key);
          const element = (
            <SectionGuard section={section} role={role}>
              <Screen />
            </SectionGuard>
          );
          // Relative to the shell's splat route; `/*` leaves room for a section's own screens.
          return section.path === '/' ? (
            <Route key={section.key} index element={element} />
          ) : (
            <Route key={section.key} path={`${section.path.slice(1)}/*`} element={element} />
          );
        })}
        <Route
          path="*"
          element={
            <MessagePanel icon={<IconMapQuestion size={30} />} color="gray" title={t('guard.notFoundTitle')} body={t('guard.notFound')} backToDashboard />
          }
        />
      </Routes>
    </Suspense>
  );
}
