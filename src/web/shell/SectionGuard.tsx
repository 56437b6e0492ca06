/**
 * The role check of spec §4 for one section, once the session is known: an allowed role passes;
 * otherwise the users module sends the user to the Dashboard and the others refuse in place.
 */
import { IconLock } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../common/constants';
import { paths } from '../app/paths';
import { MessagePanel } from './MessagePanel';
import type { Section } from './sections';

export function SectionGuard({ section, role, children }: { section: Section; role: Role; children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const allowed = section.roles.includes(role);

  useEffect(() => {
    if (!allowed) console.log(`unauthorized for this route ${pathname}`, section.roles);
  }, [allowed, pathname, section.roles]);

  if (allowed) return children;
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
