/** Turns a resource's definition into what its screens use: endpoints, query options and hrefs. */
import type { Section } from '../shell/sections';
import { sectionPath } from '../shell/sections';
import { resourceEndpoints, resourceQueries, type Row } from './api';
import type { Column, DetailRow, ResourceForm, ResourceTextKey } from './types';

export type ResourceConfig<R extends Row> = {
  /** The API's name for it: the path under /api/v1 and the export's model. */
  name: string;
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
    /** Below this width (px) the table scrolls sideways instead of squeezing; none for narrow tables. */
    minWidth?: number;
    /** The export's title; no Export button when absent. */
    exportTitle?: string;
  };
  form: ResourceForm<R>;
  details: { rows: readonly DetailRow<R>[]; print?: boolean };
  /** How a row is named in confirmations. */
  rowLabel: (row: R) => string;
};

export function defineResource<R extends Row>(config: ResourceConfig<R>) {
  const path = sectionPath(config.section) + (config.subPath ?? '');
  const endpoints = resourceEndpoints<R>(`/v1/${config.name}`);
  return {
    ...config,
    path,
    endpoints,
    queries: resourceQueries<R>(config.name, endpoints),
    href: {
      list: path,
      create: `${path}/create`,
      edit: (id: number) => `${path}/edit/${id}`,
      details: (id: number) => `${path}/${id}`,
    },
  };
}

export type Resource<R extends Row> = ReturnType<typeof defineResource<R>>;
