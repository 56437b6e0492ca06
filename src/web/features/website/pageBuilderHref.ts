/** The page builder's address, for one page or for choosing one. */
import { sectionPath } from '../../shell/sections';

export const pageBuilderHref = (pageId?: number) => `${sectionPath('pageBuilder')}${pageId === undefined ? '' : `/${pageId}`}`;
