/**
 * The shell's route table: every section of src/common/sections.ts with its icon. Routes, navigation
 * and the role guard are all derived from this list; each section's screen is in sectionScreens.ts,
 * apart, because the screens import these paths for their links.
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
import { SECTIONS, type SectionData, type SectionKey } from '../../common/sections';
import type { Catalog } from '../i18n/catalog';

export type { SectionKey };

export type Section = SectionData & { key: SectionKey & keyof Catalog['nav']; icon: Icon };

const ICONS: Record<SectionKey, Icon> = {
  dashboard: IconLayoutDashboard,
  users: IconUsers,
  registrations: IconSchool,
  payments: IconCash,
  webPageMenu: IconMenu2,
  webPageSubMenu: IconSitemap,
  blogCategories: IconArticle,
  newsCategories: IconNews,
  noticeCategories: IconSpeakerphone,
  pageBuild: IconLayoutGrid,
  pageBuilder: IconLayoutColumns,
  settings: IconSettings,
  auditLogs: IconHistory,
  profile: IconUserCircle,
};

export const sections: readonly Section[] = SECTIONS.map((section) => ({ ...section, icon: ICONS[section.key] }));

export function sectionPath(key: Section['key']): string {
  const section = sections.find((candidate) => candidate.key === key);
  if (!section) throw new Error(`no section ${key}`);
  return section.path;
}

export const isSectionActive = (section: Section, pathname: string) =>
  section.path === '/' ? pathname === '/' : pathname === section.path || pathname.startsWith(`${section.path}/`);
