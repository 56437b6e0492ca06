/** The settings section's icon and screen (a lazy chunk). */
import { IconSettings } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { settings: { icon: IconSettings, Screen: lazy(() => import('./SettingsModule')) } };
