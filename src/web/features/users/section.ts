/** The users section's icon and screen (the screen a lazy chunk of its own, with the institute form and the geo data). */
import { IconUsers } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { users: { icon: IconUsers, Screen: lazy(() => import('./module')) } };
