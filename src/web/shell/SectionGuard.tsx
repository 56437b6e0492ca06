/**
 * The role check of spec §4 for one section, once the session is known: an allowed role passes;
 * otherwise the users module sends the user to the Dashboard and the others refuse in place. A role
 * without a dashboard (an examiner) starts at the first section it may open instead.
 */
import { IconLock } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../common/constants';
import { paths } from '../app/paths';
import { MessagePanel } from './MessagePanel';
import { sections, type Section } from './sections';

export function SectionGuard({ section, role, children }: { section: Section; role: Role; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const allowed = section.roles.includes(role);
  const home = !allowed && section.path === paths.dashboard ? sections.find((candidate) => candidate.roles.includes(role)) : undefined;

  useEffect(() => {
    if (!allowed && !home) console.log(`unauthorized for this route ${pathname}`, section.roles);
  }, [allowed, home, pathname, section.roles]);

  if (allowed) return children;
  if (home) return <Navigate to={home.path} replace />;
  if (section.whenDenied === 'redirect') return <Navigate to={paths.dashboard} replace />;
  return (
    <MessagePanel
      icon={<IconLock size={30} />}
      color="red"
      title={t('guard.notAllowedTitle')}
      body={t('guard.notAllowed')}
      backToDashboard
      testId="not-allowed"
    />
  );
}
