/**
 * The shell's route table (spec §2 Shell, §6): every section once, with its path, the roles that
 * may open it and where the navigation lists it. Routes, navigation and the role guard are all
 * derived from this list; each section's screen is in sectionScreens.ts, apart, because the screens
 * import these paths for their links.
 */
import type { Icon } from '@tabler/icons-react';
import {
  IconArticle,
  IconCash,
  IconHistory,
  IconLayoutColumns,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconMenu2,
  IconNews,
  IconSchool,
  IconSettings,
  IconSitemap,
  IconSpeakerphone,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import type { Role } from '../../common/constants';
import type { Catalog } from '../i18n/catalog';

export type Section = {
  /** Its label is nav.{key} in the catalogs. */
  key: keyof Catalog['nav'];
  path: string;
  roles: readonly Role[];
  icon: Icon;
  /** main list, the website management group, or the bottom of the navigation. */
  place: 'main' | 'website' | 'bottom';
  /** Spec §4: the users module sends others to the Dashboard; the other modules refuse in place. */
  whenDenied: 'redirect' | 'refuse';
};

const BOTH: readonly Role[] = ['admin', 'institute'];
const ADMIN: readonly Role[] = ['admin'];

export const sections = [
  { key: 'dashboard', path: '/', roles: BOTH, icon: IconLayoutDashboard, place: 'main', whenDenied: 'refuse' },
  { key: 'users', path: '/user', roles: ADMIN, icon: IconUsers, place: 'main', whenDenied: 'redirect' },
  {
    key: 'registrations',
    path: '/scholarship-registrations',
    roles: BOTH,
    icon: IconSchool,
    place: 'main',
    whenDenied: 'refuse',
  },
  { key: 'payments', path: '/scholarship-payments', roles: BOTH, icon: IconCash, place: 'main', whenDenied: 'refuse' },
  {
    key: 'webPageMenu',
    path: '/web-pages-management/web-page-menu',
    roles: ADMIN,
    icon: IconMenu2,
    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'webPageSubMenu',
    path: '/web-pages-management/web-page-sub-menu',
    roles: ADMIN,
    icon: IconSitemap,
    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'blogCategories',
    path: '/web-pages-management/blog-categories',
    roles: ADMIN,
    icon: IconArticle,
    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'newsCategories',
    path: '/web-pages-management/news-categories',
    roles: ADMIN,
    icon: IconNews,
    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'noticeCategories',
    path: '/web-pages-management/notice-categories',
    roles: ADMIN,
    icon: IconSpeakerphone,
    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'pageBuild',
    path: '/web-pages-management/page-build',
    roles: ADMIN,
    icon: IconLayoutGrid,
    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'pageBuilder',
    path: '/web-pages-management/page-builder',
    roles: ADMIN,
    icon: IconLayoutColumns,
    place: 'website',
    whenDenied: 'refuse',
  },
  { key: 'settings', path: '/settings', roles: ADMIN, icon: IconSettings, place: 'bottom', whenDenied: 'refuse' },
  { key: 'auditLogs', path: '/audit-logs', roles: ADMIN, icon: IconHistory, place: 'bottom', whenDenied: 'refuse' },
  { key: 'profile', path: '/profile', roles: BOTH, icon: IconUserCircle, place: 'bottom', whenDenied: 'refuse' },
] as const satisfies readonly Section[];

/** A section the shell has (the catalogs name more things than sections). */
export type SectionKey = (typeof sections)[number]['key'];

export function sectionPath(key: Section['key']): string {
  const section = sections.find((candidate) => candidate.key === key);
  if (!section) throw new Error(`no section ${key}`);
  return section.path;
}

export const isSectionActive = (section: Section, pathname: string) =>
  section.path === '/' ? pathname === '/' : pathname === section.path || pathname.startsWith(`${section.path}/`);
