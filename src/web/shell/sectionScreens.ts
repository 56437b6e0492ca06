/**
 * The screen of each shell section, loaded when the section is first opened. Kept apart from the
 * sections' path data (sections.ts), which the screens themselves import for their links: a screen
 * imported by the table it is listed in would make every module one import cycle.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SectionKey } from './sections';

/** The website management sections share one chunk. */
const website = (name: keyof typeof import('../resources/modules/website')) =>
  lazy(async () => ({ default: (await import('../resources/modules/website'))[name] }));

export const sectionScreens: Record<SectionKey, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('../dashboard/DashboardPage')),
  users: lazy(() => import('../resources/modules/users')),
  registrations: lazy(() => import('../resources/modules/registrations')),
  payments: lazy(() => import('../resources/modules/payments')),
  webPageMenu: website('WebPageMenuModule'),
  webPageSubMenu: website('WebPageSubMenuModule'),
  blogCategories: website('BlogCategoriesModule'),
  newsCategories: website('NewsCategoriesModule'),
  noticeCategories: website('NoticeCategoriesModule'),
  pageBuild: website('PageBuildModule'),
  pageBuilder: website('PageBuilderModule'),
  settings: lazy(() => import('../settings/SettingsModule')),
  auditLogs: lazy(() => import('../resources/modules/audit')),
  profile: lazy(() => import('../profile/ProfileModule')),
};
