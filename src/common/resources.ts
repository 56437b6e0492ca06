/**
 * Every resource of /api/v1, declared once (architecture §3): its name (the path under /api/v1 and
 * an export's model), who may read and write it, its row as the API answers it (RowSchemas), the
 * columns a list shows when it names none and the shell section it has. The server's definitions, the response
 * schemas, the site cache's invalidation, the shell's sections and the client's endpoints and row
 * types are all derived from this list.
 */
import type { z } from 'zod';
import type { Role } from './constants.js';
import type { SectionPlace } from './sections.js';
import type { AuditRow } from './schemas/audit.js';
import type { CategoryRow, MenuRow, SubMenuRow, UserRoleRow } from './schemas/content.js';
import type { CentreRow } from './schemas/exam.js';
import type { OutboxRow } from './schemas/outbox.js';
import type { PageRow } from './schemas/pages.js';
import type { PaymentRow } from './schemas/payments.js';
import type { RegistrationRow } from './schemas/registrations.js';
import type { UserResourceRow } from './schemas/user.js';

type ResourceEntry = {
  name: string;
  roles: { read: readonly Role[]; write: readonly Role[] };
  /**
   * Its table, named here when its columns are its row's: src/server/db/types.ts then derives the
   * table's type from the row schema (TableOfRow) instead of declaring it. A resource whose row differs
   * from its table (joined, computed or hidden columns) names its table in its server definition.
   */
  table?: string;
  /** Columns a list returns when it does not ask for `fields`; every column otherwise. */
  listColumns?: readonly string[];
  /** Its writes change what the public website shows, so they clear the site's cache. */
  publicSite?: boolean;
  /**
   * Its own section of the shell, when it has one (a resource shown inside another's has none: user
   * roles under users, centres in the exam). The section opens at /{name} (the website's under
   * /web-pages-management/) for the roles that may read it; sections.ts places it in the navigation.
   */
  section?: {
    place: SectionPlace;
    /** Its label is nav.{key}; the resource's key when absent. */
    key?: string;
    /** A path the spec gives it instead of /{name}. */
    path?: string;
    /** Spec §4: the users module sends others to the Dashboard; every other section refuses in place. */
    whenDenied?: 'redirect';
  };
};

const ADMIN_ONLY = { read: ['admin'], write: ['admin'] } as const;
const BOTH = { read: ['admin', 'institute'], write: ['admin', 'institute'] } as const;

export const RESOURCES = {
  users: {
    name: 'users',
    roles: ADMIN_ONLY,
    section: { place: 'main', path: '/user', whenDenied: 'redirect' },
    listColumns: ['id', 'uid', 'name', 'institute_name_english', 'email', 'phone_number', 'role', 'upozilla', 'status', 'created_at'],
  },
  userRoles: { name: 'user-roles', roles: ADMIN_ONLY },
  registrations: {
    name: 'scholarship-registrations',
    roles: BOTH,
    section: { place: 'main' },
    listColumns: [
      'id',
      'institute_id',
      'reg_no',
      'roll_no',
      'full_name',
      'name_bangla',
      'class',
      'gender',
      'department',
      'contact_number',
      'father_name_english',
      'mother_name_english',
      'fee',
      'fee_status',
      'status',
      'created_at',
    ],
  },
  payments: {
    name: 'scholarship-payments',
    roles: BOTH,
    section: { place: 'main' },
    listColumns: [
      'id',
      'institute_id',
      'amount',
      'payment_method',
      'transaction_id',
      'date',
      'is_approved',
      'state',
      'students',
      'refusal_reason',
      'approved_at',
      'status',
      'created_at',
    ],
  },
  menus: { name: 'web-page-menu', roles: ADMIN_ONLY, publicSite: true, section: { place: 'website', key: 'webPageMenu' } },
  subMenus: { name: 'web-page-sub-menu', roles: ADMIN_ONLY, publicSite: true, section: { place: 'website', key: 'webPageSubMenu' } },
  blogCategories: { name: 'blog-categories', table: 'blog_categories', roles: ADMIN_ONLY, publicSite: true, section: { place: 'website' } },
  newsCategories: { name: 'news-categories', table: 'news_categories', roles: ADMIN_ONLY, publicSite: true, section: { place: 'website' } },
  noticeCategories: { name: 'notice-categories', table: 'notice_categories', roles: ADMIN_ONLY, publicSite: true, section: { place: 'website' } },
  // Nobody writes the audit log through the API.
  audit: {
    name: 'audit-logs',
    roles: { read: ['admin'], write: [] },
    section: { place: 'bottom', key: 'auditLogs' },
    listColumns: ['id', 'created_at', 'user_id', 'user_name', 'user_role', 'action', 'entity', 'entity_id', 'ip'],
  },
  pages: {
    name: 'page-build',
    roles: ADMIN_ONLY,
    // No content or grid, which can be large.
    listColumns: [
      'id',
      'url',
      'title',
      'published_at',
      'content_type',
      'blog_category_id',
      'news_category_id',
      'notice_category_id',
      'image',
      'views',
      'status',
      'created_at',
      'updated_at',
    ],
    publicSite: true,
    section: { place: 'website', key: 'pageBuild' },
  },
  // The dispatcher writes the outbox; admins read it and retry a failed message (POST /api/v1/outbox/retry).
  outbox: {
    name: 'outbox',
    roles: { read: ['admin'], write: [] },
    section: { place: 'bottom' },
    listColumns: ['id', 'channel', 'recipient', 'subject', 'body', 'state', 'attempts', 'next_attempt_at', 'last_error', 'created_at', 'sent_at'],
  },
  centres: {
    name: 'exam-centres',
    roles: ADMIN_ONLY,
    listColumns: ['id', 'name_bn', 'name_en', 'upozilla_id', 'contact_name', 'contact_mobile', 'rooms', 'capacity', 'seated', 'status', 'created_at'],
  },
} as const satisfies Record<string, ResourceEntry>;

export type ResourceKey = keyof typeof RESOURCES;

/**
 * Each resource's row as the API answers it (architecture §4), by its schema's type. The schema sits
 * beside the resource's form schema in its own file (src/common/schemas) and its server definition
 * gives it (withRow): as types, they keep those files, form schemas and all, out of the shell's eager
 * chunk, which reads this list for its sections. A resource missing here fails the typecheck by name.
 */
export type RowSchemas = {
  users: typeof UserResourceRow;
  userRoles: typeof UserRoleRow;
  registrations: typeof RegistrationRow;
  payments: typeof PaymentRow;
  menus: typeof MenuRow;
  subMenus: typeof SubMenuRow;
  blogCategories: typeof CategoryRow;
  newsCategories: typeof CategoryRow;
  noticeCategories: typeof CategoryRow;
  audit: typeof AuditRow;
  pages: typeof PageRow;
  outbox: typeof OutboxRow;
  centres: typeof CentreRow;
};

/** A resource's entry with its row schema, the one its type above names: what its server definition starts from. */
export const withRow = <K extends ResourceKey>(key: K, row: RowSchemas[K]) => ({ ...RESOURCES[key], row });

/** The tables whose columns are their resource's row (an entry's `table`), each with its row schema. */
export type RowTables = {
  [K in ResourceKey as (typeof RESOURCES)[K] extends { table: infer T extends string } ? T : never]: RowSchemas[K];
};

/** A row as fetched by id: every column and the nested objects. */
export type RowOf<K extends ResourceKey> = z.output<RowSchemas[K]>;

type Listed<K extends ResourceKey> = (typeof RESOURCES)[K] extends { listColumns: readonly (infer C)[] } ? C & keyof RowOf<K> : keyof RowOf<K>;

/** A row of a list: the columns it shows by default, and whatever else a list may ask for. */
export type ListRowOf<K extends ResourceKey> = Pick<RowOf<K>, Listed<K>> & Partial<RowOf<K>>;
