/**
 * The shell's route table: the sections of src/common/sections.ts, whose keys the catalogs label.
 * Routes, navigation and the role guard are all derived from this list; each section's icon and
 * screen are in sectionParts.ts, apart, because the screens import these paths for their links.
 */
import { SECTIONS, type SectionData, type SectionKey } from '../../common/sections';
import type { Catalog } from '../i18n/catalog';

export type { SectionKey };

export type Section = SectionData & { key: SectionKey & keyof Catalog['nav'] };

export const sections: readonly Section[] = SECTIONS;

export function sectionPath(key: Section['key']): string {
  const section = sections.find((candidate) => candidate.key === key);
  if (!section) throw new Error(`no section ${key}`);
  return section.path;
}

export const isSectionActive = (section: Section, pathname: string) =>
  section.path === '/' ? pathname === '/' : pathname === section.path || pathname.startsWith(`${section.path}/`);
