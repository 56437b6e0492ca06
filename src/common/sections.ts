/**
 * The shell's sections (spec §2 Shell, §6) as data: each one's path, the roles that may open it and
 * where the navigation lists it. The client adds icons and screens (src/web/shell); the server keeps
 * page urls off their first path segments (site-paths.ts).
 */
import type { Role } from './constants.js';

export type SectionData = {
  /** Its label is nav.{key} in the client's catalogs. */
  key: string;
  path: string;
  roles: readonly Role[];
  /** main list, the website management group, or the bottom of the navigation. */
  place: 'main' | 'website' | 'bottom';
  /** Spec §4: the users module sends others to the Dashboard; the other modules refuse in place. */
  whenDenied: 'redirect' | 'refuse';
};

const BOTH: readonly Role[] = ['admin', 'institute'];
const ADMIN: readonly Role[] = ['admin'];
/** The marks screen's: an examiner enters marks and nothing else (README: Marks). */
const MARKS: readonly Role[] = ['admin', 'examiner'];
/** Every account has its profile. */
const EVERYONE: readonly Role[] = ['admin', 'institute', 'examiner'];

export const SECTIONS = [
  { key: 'dashboard', path: '/', roles: BOTH, place: 'main', whenDenied: 'refuse' },
  { key: 'users', path: '/user', roles: ADMIN, place: 'main', whenDenied: 'redirect' },
  {
    key: 'registrations',
    path: '/scholarship-registrations',
    roles: BOTH,

    place: 'main',
    whenDenied: 'refuse',
  },
  { key: 'payments', path: '/scholarship-payments', roles: BOTH, place: 'main', whenDenied: 'refuse' },
  // The exam, its centres and the seat plan (architecture §9); institutes reach their admit cards from the dashboard.
  { key: 'exam', path: '/exam', roles: ADMIN, place: 'main', whenDenied: 'refuse' },
  // Results day (architecture §9): marks by admins and examiners, then processing and publication by admins.
  { key: 'marks', path: '/marks', roles: MARKS, place: 'main', whenDenied: 'refuse' },
  { key: 'results', path: '/results', roles: ADMIN, place: 'main', whenDenied: 'refuse' },
  {
    key: 'webPageMenu',
    path: '/web-pages-management/web-page-menu',
    roles: ADMIN,

    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'webPageSubMenu',
    path: '/web-pages-management/web-page-sub-menu',
    roles: ADMIN,

    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'blogCategories',
    path: '/web-pages-management/blog-categories',
    roles: ADMIN,

    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'newsCategories',
    path: '/web-pages-management/news-categories',
    roles: ADMIN,

    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'noticeCategories',
    path: '/web-pages-management/notice-categories',
    roles: ADMIN,

    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'pageBuild',
    path: '/web-pages-management/page-build',
    roles: ADMIN,

    place: 'website',
    whenDenied: 'refuse',
  },
  {
    key: 'pageBuilder',
    path: '/web-pages-management/page-builder',
    roles: ADMIN,

    place: 'website',
    whenDenied: 'refuse',
  },
  { key: 'settings', path: '/settings', roles: ADMIN, place: 'bottom', whenDenied: 'refuse' },
  { key: 'auditLogs', path: '/audit-logs', roles: ADMIN, place: 'bottom', whenDenied: 'refuse' },
  { key: 'outbox', path: '/outbox', roles: ADMIN, place: 'bottom', whenDenied: 'refuse' },
  { key: 'profile', path: '/profile', roles: EVERYONE, place: 'bottom', whenDenied: 'refuse' },
] as const satisfies readonly SectionData[];

/** A section the shell has. */
export type SectionKey = (typeof SECTIONS)[number]['key'];
