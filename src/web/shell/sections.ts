/**
 * The shell's route table: the sections of src/common/sections.ts, whose keys the catalogs label.
 * Routes, navigation and the role guard are all derived from this list; each section's icon and
 * screen are declared by its feature (section.ts, gathered by sectionParts.ts), apart, because the
 * screens import these paths for their links.
 */
import type { Icon } from '@tabler/icons-react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { SECTIONS, type SectionData, type SectionKey } from '../../common/sections';
import type { Catalog } from '../i18n/catalog';

export type { SectionKey };

export type Section = SectionData & { key: SectionKey & keyof Catalog['nav'] };

export const sections: readonly Section[] = SECTIONS;

/** What a feature's section.ts declares for its sections: each one's icon and its screen, loaded with `lazy()`. */
export type SectionParts = Partial<Record<SectionKey, { icon: Icon; Screen: LazyExoticComponent<ComponentType> }>>;

export function sectionPath(key: Section['key']): string {
  const section = sections.find((candidate) => candidate.key === key);
  if (!section) throw new Error(`no section ${key}`);
  return section.path;
}

export const isSectionActive = (section: Section, pathname: string) =>
  section.path === '/' ? pathname === '/' : pathname === section.path || pathname.startsWith(`${section.path}/`);
