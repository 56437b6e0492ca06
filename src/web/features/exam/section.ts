/** The exam section's icon and screen (a lazy chunk). */
import { IconClipboardCheck } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { exam: { icon: IconClipboardCheck, Screen: lazy(() => import('./module')) } };
