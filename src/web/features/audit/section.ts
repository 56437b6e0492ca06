/** The audit log section's icon and screen (a lazy chunk). */
import { IconHistory } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { auditLogs: { icon: IconHistory, Screen: lazy(() => import('./module')) } };
