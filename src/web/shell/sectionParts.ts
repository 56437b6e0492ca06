/**
 * The icon of each shell section and its screen, loaded when the section is first opened. Kept apart
 * from the sections' path data (sections.ts), which the screens themselves import for their links: a
 * screen imported by the table it is listed in would make every module one import cycle.
 */
import type { Icon } from '@tabler/icons-react';
import {
  IconArticle,
  IconCash,
  IconClipboardCheck,
  IconHistory,
  IconLayoutColumns,
  IconLayoutDashboard,
  IconLayoutGrid,
  IconMailForward,
  IconMenu2,
  IconNews,
  IconPencil,
  IconSchool,
  IconSettings,
  IconSitemap,
  IconSpeakerphone,
  IconTrophy,
  IconUserCircle,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { SectionKey } from './sections';

type SectionParts = { icon: Icon; Screen: LazyExoticComponent<ComponentType> };

/** The website management sections share one chunk, and so do results day's. */
const website = (name: keyof typeof import('../features/website/module')) =>
  lazy(async () => ({ default: (await import('../features/website/module'))[name] }));

const results = (name: keyof typeof import('../features/results/module')) =>
  lazy(async () => ({ default: (await import('../features/results/module'))[name] }));

export const sectionParts: Record<SectionKey, SectionParts> = {
  dashboard: { icon: IconLayoutDashboard, Screen: lazy(() => import('./DashboardScreen')) },
  users: { icon: IconUsers, Screen: lazy(() => import('../features/users/module')) },
  registrations: { icon: IconSchool, Screen: lazy(() => import('../features/registrations/module')) },
  payments: { icon: IconCash, Screen: lazy(() => import('../features/payments/module')) },
  exam: { icon: IconClipboardCheck, Screen: lazy(() => import('../features/exam/module')) },
  marks: { icon: IconPencil, Screen: results('MarksModule') },
  results: { icon: IconTrophy, Screen: results('ResultsModule') },
  webPageMenu: { icon: IconMenu2, Screen: website('WebPageMenuModule') },
  webPageSubMenu: { icon: IconSitemap, Screen: website('WebPageSubMenuModule') },
  blogCategories: { icon: IconArticle, Screen: website('BlogCategoriesModule') },
  newsCategories: { icon: IconNews, Screen: website('NewsCategoriesModule') },
  noticeCategories: { icon: IconSpeakerphone, Screen: website('NoticeCategoriesModule') },
  pageBuild: { icon: IconLayoutGrid, Screen: website('PageBuildModule') },
  pageBuilder: { icon: IconLayoutColumns, Screen: website('PageBuilderModule') },
  settings: { icon: IconSettings, Screen: lazy(() => import('../features/settings/SettingsModule')) },
  auditLogs: { icon: IconHistory, Screen: lazy(() => import('../features/audit/module')) },
  outbox: { icon: IconMailForward, Screen: lazy(() => import('../features/outbox/module')) },
  profile: { icon: IconUserCircle, Screen: lazy(() => import('../features/profile/ProfileModule')) },
};
