/**
 * The icon and the screen of each shell section, the screen loaded when the section is first opened.
 * Each feature declares its own in its section.ts, found here by Vite's glob, so adding a feature
 * leaves the shell alone; the dashboard, composed in the shell from several features, is the shell's.
 * Kept apart from the sections' path data (sections.ts), which the screens themselves import for their
 * links: a screen imported by the table it is listed in would make every module one import cycle.
 */
import { IconLayoutDashboard } from '@tabler/icons-react';
import { lazy } from 'react';
import type { Section, SectionParts } from './sections';

const declared = import.meta.glob<SectionParts>('../features/*/section.ts', { eager: true, import: 'sectionParts' });

const parts: SectionParts = Object.assign(
  { dashboard: { icon: IconLayoutDashboard, Screen: lazy(() => import('./DashboardScreen')) } },
  ...Object.values(declared),
);

/** A section's icon and screen; a section whose feature declares none fails here by name. */
export function sectionParts(key: Section['key']): NonNullable<SectionParts[Section['key']]> {
  const found = parts[key];
  if (!found) throw new Error(`no icon and screen for the section ${key}: declare them in its feature's section.ts`);
  return found;
}
