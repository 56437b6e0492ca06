/** The website management sections' icons and screens: all of them in one lazy chunk (module.tsx). */
import { IconArticle, IconLayoutColumns, IconLayoutGrid, IconMenu2, IconNews, IconSitemap, IconSpeakerphone } from '@tabler/icons-react';
import { lazy } from 'react';
import type { SectionParts } from '../../shell/sections';

const screen = (name: keyof typeof import('./module')) => lazy(async () => ({ default: (await import('./module'))[name] }));

export const sectionParts: SectionParts = {
  webPageMenu: { icon: IconMenu2, Screen: screen('WebPageMenuModule') },
  webPageSubMenu: { icon: IconSitemap, Screen: screen('WebPageSubMenuModule') },
  blogCategories: { icon: IconArticle, Screen: screen('BlogCategoriesModule') },
  newsCategories: { icon: IconNews, Screen: screen('NewsCategoriesModule') },
  noticeCategories: { icon: IconSpeakerphone, Screen: screen('NoticeCategoriesModule') },
  pageBuild: { icon: IconLayoutGrid, Screen: screen('PageBuildModule') },
  pageBuilder: { icon: IconLayoutColumns, Screen: screen('PageBuilderModule') },
};
