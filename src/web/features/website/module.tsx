/**
 * The website management sections (one lazy chunk): menus, sub menus, the three category kinds,
 * pages and the page builder (whose rich-text editor is a lazy chunk of its own).
 */
import { blogCategories, newsCategories, noticeCategories } from './categories';
import { webPageMenu, webPageSubMenu } from './menus';
import { pageBuild } from './pages';
import { PageBuilderScreen } from './PageBuilderScreen';
import { member, ResourceModule } from '../../resources/ResourceModule';

export const WebPageMenuModule = () => <ResourceModule section="webPageMenu" members={[member(webPageMenu)]} />;
export const WebPageSubMenuModule = () => <ResourceModule section="webPageSubMenu" members={[member(webPageSubMenu)]} />;
export const BlogCategoriesModule = () => <ResourceModule section="blogCategories" members={[member(blogCategories)]} />;
export const NewsCategoriesModule = () => <ResourceModule section="newsCategories" members={[member(newsCategories)]} />;
export const NoticeCategoriesModule = () => <ResourceModule section="noticeCategories" members={[member(noticeCategories)]} />;
export const PageBuildModule = () => <ResourceModule section="pageBuild" members={[member(pageBuild)]} />;
export const PageBuilderModule = PageBuilderScreen;
