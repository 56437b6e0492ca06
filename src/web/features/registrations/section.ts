/** The registrations section's icon and screen (a lazy chunk). */
import { IconSchool } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { registrations: { icon: IconSchool, Screen: lazy(() => import('./module')) } };
