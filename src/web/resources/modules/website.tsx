/** The website management sections (one lazy chunk): menus, sub menus and the three category kinds. */
import { blogCategories, newsCategories, noticeCategories } from '../definitions/categories';
import { webPageMenu, webPageSubMenu } from '../definitions/menus';
import { member, ResourceModule } from '../ResourceModule';

export const WebPageMenuModule = () => <ResourceModule section="webPageMenu" members={[member(webPageMenu)]} />;
export const WebPageSubMenuModule = () => <ResourceModule section="webPageSubMenu" members={[member(webPageSubMenu)]} />;
export const BlogCategoriesModule = () => <ResourceModule section="blogCategories" members={[member(blogCategories)]} />;
export const NewsCategoriesModule = () => <ResourceModule section="newsCategories" members={[member(newsCategories)]} />;
export const NoticeCategoriesModule = () => <ResourceModule section="noticeCategories" members={[member(noticeCategories)]} />;
