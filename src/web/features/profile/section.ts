/** The profile section's icon and screen (a lazy chunk). */
import { IconUserCircle } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { profile: { icon: IconUserCircle, Screen: lazy(() => import('./ProfileModule')) } };
