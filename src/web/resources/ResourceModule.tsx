/**
 * A section made of resources: the module's menu (each resource's list and, with Add New, its
 * create screen) and their four screens each: list at the root, create, edit/{id}, {id}.
 */
import { IconList, IconPlus } from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import type { Section } from '../shell/sections';
import type { Row } from './api';
import type { Resource } from './defineResource';
import { ModuleLayout } from './ModuleLayout';
import { ResourceDetails } from './ResourceDetails';
import { ResourceCreate, ResourceEdit } from './ResourceFormScreen';
import { ResourceList } from './ResourceList';
import type { MenuEntry } from './types';

/** The four screens; `children` are further <Route>s of the resource (registrations' filter/:type). */
export function ResourceScreens<R extends Row>({ resource, children }: { resource: Resource<R>; children?: ReactNode }) {
  return (
    <Routes>
      <Route index element={<ResourceList resource={resource} />} />
      {children}
      <Route path="create" element={<ResourceCreate resource={resource} />} />
      <Route path="edit/:id" element={<ResourceEdit resource={resource} />} />
      <Route path=":id" element={<ResourceDetails resource={resource} />} />
    </Routes>
  );
}

/** What a module needs of one of its resources; made by `member()`, whatever the resource's row type. */
export type ModuleMember = {
  name: string;
  text: Resource<Row>['text'];
  subPath?: string;
  href: Resource<Row>['href'];
  addNew: boolean;
  screens: ReactElement;
};

export function member<R extends Row>(resource: Resource<R>): ModuleMember {
  const { name, text, subPath, href } = resource;
  return { name, text, subPath, href, addNew: resource.list.addNew !== false, screens: <ResourceScreens resource={resource} /> };
}

/**
 * The first member owns the section's root; the others are nested under it by their subPath
 * (user roles at /user/user-role).
 */
export function ResourceModule({ section, members }: { section: Section['key']; members: readonly ModuleMember[] }) {
  const { t } = useTranslation();
  const menu: MenuEntry[] = members.flatMap((entry) => [
    { label: t(`resources.${entry.text}.list`), to: entry.href.list, icon: IconList },
    ...(entry.addNew ? [{ label: t(`resources.${entry.text}.create`), to: entry.href.create, icon: IconPlus }] : []),
  ]);
  const [main, ...nested] = members;

  return (
    <ModuleLayout title={t(`nav.${section}`)} menu={menu}>
      <Routes>
        {nested.map((entry) => (
          <Route key={entry.name} path={`${(entry.subPath ?? '').replace(/^\//, '')}/*`} element={entry.screens} />
        ))}
        {main && <Route path="*" element={main.screens} />}
      </Routes>
    </ModuleLayout>
  );
}
