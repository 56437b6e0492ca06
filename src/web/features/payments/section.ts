/** The payments section's icon and screen (a lazy chunk). */
import { IconCash } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { payments: { icon: IconCash, Screen: lazy(() => import('./module')) } };
