/** The payouts section's icon and screen (a lazy chunk): the admin's batches or an institute's winners. */
import { IconCoin } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

export const sectionParts: SectionParts = { payouts: { icon: IconCoin, Screen: lazy(() => import('./module')) } };
