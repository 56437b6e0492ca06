/**
 * Rows as the API returns them (architecture §4). The server's response schemas are their source;
 * until src/common exports them, these mirror the shapes the API documents.
 */
export type Record01 = 0 | 1;

type Stamped = { status: number; slug: string; created_at: string; updated_at: string };

export type CategoryRow = { id: number; title: string; creator: number | null } & Stamped;

export type UserRoleRow = { id: number; title: string } & Stamped;

export type MenuRow = {
  id: number;
  title: string;
  content_url: string;
  redirect_url: string | null;
  is_external: Record01;
  position: number | null;
  is_published: Record01;
  creator: number | null;
} & Stamped;

export type SubMenuRow = MenuRow & { web_page_menu_id: number; menu?: { id: number; title: string } | null };

/** A registration as the list shows it (the server's list columns), and the rest a fetched one adds. */
export type RegistrationRow = {
  id: number;
  institute_id: number;
  reg_no: string;
  roll_no: string;
  full_name: string;
  name_bangla: string | null;
  class: string;
  gender: string;
  department: string | null;
  contact_number: string;
  father_name_english: string;
  mother_name_english: string;
  status: number;
  created_at: string;
} & Partial<{
  updated_at: string;
  photo: string | null;
  name_english: string;
  father_name_bangla: string | null;
  mother_name: string | null;
  email: string | null;
  birth_certificate_no: string | null;
  class_roll: string;
  division_id: number | null;
  zilla_id: number | null;
  upozilla_id: number | null;
  division: string | null;
  zilla: string | null;
  upozilla: string | null;
  thana: string | null;
  sector: string | null;
  ward: string | null;
  village: string | null;
  holding_no: string | null;
  post_office: string | null;
  institute_name: string | null;
  institute_name_english: string | null;
  institute: { id: number; name: string; institute_name_english: string | null; phone_number: string | null } | null;
}>;

export type PaymentRow = {
  id: number;
  institute_id: number;
  amount: number;
  payment_method: string;
  transaction_id: string;
  date: string;
  is_approved: Record01;
  approved_by: number | null;
  approved_at: string | null;
  institute?: { id: number; name: string; phone_number: string | null } | null;
} & Stamped;
