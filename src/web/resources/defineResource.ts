/** Turns a resource's definition into what its screens use: endpoints, query options and hrefs. */
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { RowAction } from '../components/list/RowActions';
import { RESOURCES, type ResourceKey } from '../../common/resources';
import type { Section } from '../shell/sections';
import { sectionPath } from '../shell/sections';
import { resourceEndpoints, resourceQueries, type Row } from './api';
import type { Column, DetailRow, HeaderLink, ListFilter, ResourceForm, ResourceTextKey } from './types';

export type ResourceConfig<R extends Row> = {
  /** Its entry in the resource list (src/common/resources.ts): the API's name for it and its row. */
  resource: ResourceKey;
  /** The shell section it lives in; its path, roles and guard come from there (src/web/shell/sections.ts). */
  section: Section['key'];
  /** Under the section's path, for a module nested in another (user roles under /user). */
  subPath?: string;
  /** Its texts: resources.{text}.list, .create, .edit, .details, .info. */
  text: ResourceTextKey;
  list: {
    columns: readonly Column<R>[];
    /** fields[] to ask for; every column when absent. */
    fields?: readonly string[];
    relations?: readonly string[];
    /** Spec §2: every list has Add New except payments. */
    addNew?: boolean;
    /** Admins choose active or deactivated rows; false for a list whose rows are never deactivated (the audit log). */
    statusFilter?: boolean;
    /** The export's title; no Export button when absent. */
    exportTitle?: string;
    /** Rows a page unless the address says otherwise (architecture §5: 100 for registrations, 10 elsewhere). */
    pageSize?: number;
    /** Actions of this resource's rows besides Details, Edit, Deactive and Destroy (a page's builder). */
    rowActions?: (row: R, t: TFunction) => RowAction[];
    /** Further screens the list's header links to, beside Export and Add New (registrations' import). */
    headerLinks?: readonly HeaderLink[];
    /** Choices beside the search box that narrow the list (the admin's institute on registrations). */
    filters?: readonly ListFilter[];
  };
  form: ResourceForm<R>;
  details: {
    rows: readonly DetailRow<R>[];
    print?: boolean;
    /** A layout of its own instead of the rows' table (the printable registration). */
    View?: ComponentType<{ row: R }>;
    /** Shown under the details: actions of the record's own (an admin's decision on a payment). */
    Extra?: ComponentType<{ row: R }>;
  };
  /** Why a row cannot be changed (the server's abilities say it cannot), for the edit screen. */
  lockedText?: (t: TFunction) => string;
  /** Other cached answers a change of this resource makes stale (the dashboard's counts). */
  alsoInvalidates?: readonly (readonly unknown[])[];
  /** How a row is named in confirmations. */
  rowLabel: (row: R) => string;
};

export function defineResource<R extends Row>(config: ResourceConfig<R>) {
  const path = sectionPath(config.section) + (config.subPath ?? '');
  const { name } = RESOURCES[config.resource];
  const endpoints = resourceEndpoints<R>(`/v1/${name}`);
  return {
    ...config,
    name,
    path,
    endpoints,
    queries: resourceQueries<R>(name, endpoints),
    href: {
      list: path,
      create: `${path}/create`,
      edit: (id: number) => `${path}/edit/${id}`,
      details: (id: number) => `${path}/${id}`,
    },
  };
}

export type Resource<R extends Row> = ReturnType<typeof defineResource<R>>;
