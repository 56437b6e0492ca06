/** The outbox section's icon and screen (a lazy chunk). */
import { IconMailForward } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { outbox: { icon: IconMailForward, Screen: lazy(() => import('./module')) } };
