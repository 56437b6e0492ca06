/**
 * Every resource of /api/v1, declared once (architecture §3): its name (the path under /api/v1 and
 * an export's model), who may read and write it, its row as the API answers it and the columns a
 * list shows when it names none. The server's definitions, the response schemas, the site cache's
 * invalidation and the client's endpoints and row types are all derived from this list.
 */
import type { z } from 'zod';
import type { Role } from './constants.js';
import {
  AuditRow,
  CategoryRow,
  CentreRow,
  MenuRow,
  OutboxRow,
  PageRow,
  PaymentRow,
  RegistrationRow,
  SubMenuRow,
  UserResourceRow,
  UserRoleRow,
} from './schemas/rows.js';

type ResourceEntry = {
  name: string;
  roles: { read: readonly Role[]; write: readonly Role[] };
  row: z.ZodObject;
  /** Columns a list returns when it does not ask for `fields`; every column otherwise. */
  listColumns?: readonly string[];
  /** Its writes change what the public website shows, so they clear the site's cache. */
  publicSite?: boolean;
};

const ADMIN_ONLY = { read: ['admin'], write: ['admin'] } as const;
const BOTH = { read: ['admin', 'institute'], write: ['admin', 'institute'] } as const;

export const RESOURCES = {
  users: {
    name: 'users',
    roles: ADMIN_ONLY,
    row: UserResourceRow,
    listColumns: ['id', 'uid', 'name', 'institute_name_english', 'email', 'phone_number', 'role', 'upozilla', 'status', 'created_at'],
  },
  userRoles: { name: 'user-roles', roles: ADMIN_ONLY, row: UserRoleRow },
  registrations: {
    name: 'scholarship-registrations',
    roles: BOTH,
    row: RegistrationRow,
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
    row: PaymentRow,
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
  menus: { name: 'web-page-menu', roles: ADMIN_ONLY, row: MenuRow, publicSite: true },
  subMenus: { name: 'web-page-sub-menu', roles: ADMIN_ONLY, row: SubMenuRow, publicSite: true },
  blogCategories: { name: 'blog-categories', roles: ADMIN_ONLY, row: CategoryRow, publicSite: true },
  newsCategories: { name: 'news-categories', roles: ADMIN_ONLY, row: CategoryRow, publicSite: true },
  noticeCategories: { name: 'notice-categories', roles: ADMIN_ONLY, row: CategoryRow, publicSite: true },
  pages: {
    name: 'page-build',
    roles: ADMIN_ONLY,
    row: PageRow,
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
  },
  // Nobody writes the audit log through the API.
  audit: {
    name: 'audit-logs',
    roles: { read: ['admin'], write: [] },
    row: AuditRow,
    listColumns: ['id', 'created_at', 'user_id', 'user_name', 'user_role', 'action', 'entity', 'entity_id', 'ip'],
  },
  // The dispatcher writes the outbox; admins read it and retry a failed message (POST /api/v1/outbox/retry).
  outbox: {
    name: 'outbox',
    roles: { read: ['admin'], write: [] },
    row: OutboxRow,
    listColumns: ['id', 'channel', 'recipient', 'subject', 'body', 'state', 'attempts', 'next_attempt_at', 'last_error', 'created_at', 'sent_at'],
  },
  centres: {
    name: 'exam-centres',
    roles: ADMIN_ONLY,
    row: CentreRow,
    listColumns: ['id', 'name_bn', 'name_en', 'upozilla_id', 'contact_name', 'contact_mobile', 'rooms', 'capacity', 'seated', 'status', 'created_at'],
  },
} as const satisfies Record<string, ResourceEntry>;

export type ResourceKey = keyof typeof RESOURCES;

/** A row as fetched by id: every column and the nested objects. */
export type RowOf<K extends ResourceKey> = z.output<(typeof RESOURCES)[K]['row']>;

type Listed<K extends ResourceKey> = (typeof RESOURCES)[K] extends { listColumns: readonly (infer C)[] } ? C & keyof RowOf<K> : keyof RowOf<K>;

/** A row of a list: the columns it shows by default, and whatever else a list may ask for. */
export type ListRowOf<K extends ResourceKey> = Pick<RowOf<K>, Listed<K>> & Partial<RowOf<K>>;
