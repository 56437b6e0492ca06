/** Results day's sections' icons and screens: both in one lazy chunk (module.tsx), as they share their calls and labels. */
import { IconPencil, IconTrophy } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

const screen = (name: keyof typeof import('./module')) => lazy(async () => ({ default: (await import('./module'))[name] }));

export const sectionParts: SectionParts = {
  marks: { icon: IconPencil, Screen: screen('MarksModule') },
  results: { icon: IconTrophy, Screen: screen('ResultsModule') },
};
