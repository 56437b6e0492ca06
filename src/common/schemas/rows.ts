/**
 * Rows as the API answers them (architecture §4), one schema per resource. The server serialises
 * every resource answer through these (response schemas: nothing unlisted leaves the server, and the
 * OpenAPI document is complete); the client takes its row types from them.
 */
import { z } from 'zod';
import { FEE_STATUSES, PAYMENT_STATES } from '../constants.js';
import { PAGE_CONTENT_TYPES, PAGE_LAYOUTS } from './pages.js';
import { PublicUser } from './user.js';

const text = z.string();
const maybeText = z.string().nullable();
const maybeId = z.number().nullable();

/** What the caller may do with a row, decided by the server's roles, owner rule and guards. */
export const Abilities = z.object({ update: z.boolean(), soft_delete: z.boolean(), restore: z.boolean(), destroy: z.boolean() });
export type Abilities = z.infer<typeof Abilities>;

/**
 * The abilities of each row of an answer, beside the rows (`policies`, as outline's API sends them):
 * the rows stay the spec's shape, and the client offers only what the server would allow.
 */
export const Policy = z.object({ id: z.number(), abilities: Abilities });
export type Policy = z.infer<typeof Policy>;

const stamped = { creator: maybeId, slug: text, status: z.number(), created_at: text, updated_at: text };

export const UserRoleRow = z.object({ id: z.number(), title: text, slug: text, status: z.number(), created_at: text, updated_at: text });

export const CategoryRow = z.object({ id: z.number(), title: text, ...stamped });

const menuShape = {
  id: z.number(),
  title: text,
  content_url: text,
  redirect_url: maybeText,
  is_external: z.number(),
  position: z.number(),
  is_published: z.number(),
  ...stamped,
};
export const MenuRow = z.object(menuShape);
export const SubMenuRow = z.object({ ...menuShape, web_page_menu_id: z.number(), menu: z.object({ id: z.number(), title: text }).nullable() });

/** An account as an admin's user list shows it: the public user, with its flags as stored. */
export const UserResourceRow = PublicUser.extend({ must_change_password: z.number() });

const registrationInfo = {
  name_bangla: maybeText,
  name_english: text,
  father_name_bangla: maybeText,
  father_name_english: text,
  mother_name: maybeText,
  mother_name_english: text,
  gender: text,
  class: text,
  class_roll: text,
  department: maybeText,
  email: maybeText,
  birth_certificate_no: maybeText,
  division_id: maybeId,
  zilla_id: maybeId,
  upozilla_id: maybeId,
  division: maybeText,
  zilla: maybeText,
  upozilla: maybeText,
  thana: maybeText,
  sector: maybeText,
  ward: maybeText,
  village: maybeText,
  holding_no: maybeText,
  post_office: text,
  contact_number: text,
  institute_name: maybeText,
  institute_name_english: maybeText,
};

export const RegistrationRow = z.object({
  id: z.number(),
  institute_id: z.number(),
  reg_no: text,
  roll_no: text,
  full_name: text,
  photo: maybeText,
  /** The fee that applies to this student, its status, and the payment covering it (pending or approved). */
  fee: z.number(),
  fee_status: z.enum(FEE_STATUSES),
  payment_id: maybeId,
  ...registrationInfo,
  ...stamped,
  /** Spec §3: the form's fields again, grouped as the original API nested them. */
  info: z.object(registrationInfo).partial(),
  institute: z.object({ id: z.number(), name: text, institute_name_english: maybeText, phone_number: maybeText }).nullable(),
});

export const PaymentRow = z.object({
  id: z.number(),
  institute_id: z.number(),
  amount: z.number(),
  payment_method: text,
  transaction_id: text,
  date: text,
  is_approved: z.number(),
  approved_by: maybeId,
  approved_at: maybeText,
  state: z.enum(PAYMENT_STATES),
  /** Students the payment covers: those it names, or those its approval covered. */
  students: z.number(),
  refusal_reason: maybeText,
  refused_at: maybeText,
  institute_name: text,
  institute_phone: maybeText,
  ...stamped,
  institute: z.object({ id: z.number(), name: text, phone_number: maybeText }).nullable(),
});

const categoryRef = z.object({ id: z.number(), title: text }).nullable();

export const PageRow = z.object({
  id: z.number(),
  url: text,
  title: text,
  published_at: text,
  content: maybeText,
  content_type: z.enum(PAGE_CONTENT_TYPES),
  blog_category_id: maybeId,
  news_category_id: maybeId,
  notice_category_id: maybeId,
  custom_fields: maybeText,
  image: maybeText,
  meta_title: maybeText,
  meta_description: maybeText,
  meta_keywords: maybeText,
  og_image: maybeText,
  og_description: maybeText,
  source_files_url: maybeText,
  content_file: maybeText,
  requires_login: z.number(),
  access_roles: maybeText,
  views: z.number(),
  template: maybeText,
  ...stamped,
  /** Spec §3: the content type and its category together. */
  content_meta: z.object({ content_type: z.enum(PAGE_CONTENT_TYPES), blog_category_id: maybeId, news_category_id: maybeId, notice_category_id: maybeId }),
  /** The page-builder grid parsed from `custom_fields` (its rules are the form's, pages.ts). */
  layout: z.object({ rows: z.array(z.object({ layout: z.enum(PAGE_LAYOUTS), cells: z.array(text) })) }),
  blog_category: categoryRef,
  news_category: categoryRef,
  notice_category: categoryRef,
});

export const AuditRow = z.object({
  id: z.number(),
  user_id: maybeId,
  user_name: maybeText,
  user_role: maybeText,
  action: text,
  entity: text,
  entity_id: maybeId,
  /** The changed fields before and after, as stored. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: maybeText,
  user_agent: maybeText,
  status: z.number(),
  created_at: text,
});

/** One SMS or mail of the outbox (issue 12, item 5), as admins read it. */
export const OutboxRow = z.object({
  id: z.number(),
  channel: z.enum(['sms', 'email']),
  recipient: text,
  subject: maybeText,
  body: text,
  event_key: text,
  user_id: maybeId,
  state: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number(),
  next_attempt_at: text,
  last_error: maybeText,
  status: z.number(),
  created_at: text,
  updated_at: text,
  sent_at: maybeText,
});

export const CentreRoom = z.object({ name: text, capacity: z.number() });

/** An exam centre: its rooms in seating order, the areas it serves, and how many of its seats are taken. */
export const CentreRow = z.object({
  id: z.number(),
  name_bn: text,
  name_en: text,
  division_id: maybeId,
  zilla_id: maybeId,
  upozilla_id: maybeId,
  address: text,
  contact_name: text,
  contact_mobile: text,
  rooms: z.array(CentreRoom),
  capacity: z.number(),
  seated: z.number(),
  upazila_ids: z.array(z.number()),
  institute_ids: z.array(z.number()),
  creator: maybeId,
  status: z.number(),
  created_at: text,
  updated_at: text,
});
