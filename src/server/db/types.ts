/** Row types of every table, as Kysely sees them (see the initial migration). */
import type { ColumnType, Generated } from 'kysely';
import type { z } from 'zod';
import type { FeeStatus, PaymentState, Seating } from '../../common/constants.js';
import type { RowTables } from '../../common/resources.js';
import type { MenuRow, SubMenuRow, UserRoleRow } from '../../common/schemas/content.js';
import type { OutboxRow } from '../../common/schemas/outbox.js';
import type { SettingType } from '../../common/schemas/settings.js';

type Id = Generated<number>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

interface RecordColumns {
  creator: number | null;
  slug: string;
  status: Defaulted<number>;
  created_at: string;
  updated_at: string;
}

interface AddressColumns {
  division_id: number | null;
  zilla_id: number | null;
  upozilla_id: number | null;
  division: string | null;
  zilla: string | null;
  upozilla: string | null;
  thana: string | null;
  sector: string | null;
}

export interface UsersTable extends AddressColumns {
  id: Id;
  uid: string;
  role_id: number;
  name: string;
  email: string | null;
  phone_number: string | null;
  photo: string | null;
  website: string | null;
  facebook: string | null;
  slug: string;
  status: Defaulted<number>;
  institute_type: string | null;
  institute_level: string | null;
  institute_name: string | null;
  institute_name_english: string | null;
  institute_total_student: number | null;
  institute_management_type: string | null;
  contact_person: string | null;
  contact_person_name_english: string | null;
  whatsapp_number: string | null;
  permanent_phone_number: string | null;
  file: string | null;
  union: string | null;
  holding_no: string | null;
  post_office: string | null;
  password_hash: string;
  must_change_password: Defaulted<number>;
  /** Two-factor login (admins): the enrolled secret, one being enrolled, when it was turned on, the last time step used. */
  totp_secret: Defaulted<string | null>;
  totp_pending_secret: Defaulted<string | null>;
  totp_enabled_at: Defaulted<string | null>;
  totp_last_step: Defaulted<number | null>;
  /** When the mobile number was confirmed by a code sent to it as SMS; null until then and again once it changes. */
  phone_confirmed_at: Defaulted<string | null>;
  /** When the account took its current mobile number (null: before this was recorded). */
  phone_set_at: Defaulted<string | null>;
  created_at: string;
  updated_at: string;
}

export interface AccessTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
}

/** A temporary password mailed by a reset: it works beside the password until it expires (architecture §5). */
export interface PasswordResetsTable {
  id: Id;
  user_id: number;
  password_hash: string;
  expires_at: string;
  created_at: string;
}

/** A browser the account has logged in from: the digest of the random token in its `known_device` cookie. */
export interface KnownDevicesTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: string;
}

/** A recovery code of two-factor login, as its digest; used once, then deleted. */
export interface RecoveryCodesTable {
  id: Id;
  user_id: number;
  code_hash: string;
  created_at: string;
}

/** Between a correct password and the second factor: a random token (as its digest), not a session. */
export interface LoginChallengesTable {
  id: Id;
  user_id: number;
  token_hash: string;
  /** The temporary password the first step used, which becomes the password once the second step passes. */
  reset_id: number | null;
  attempts: Defaulted<number>;
  expires_at: string;
  created_at: string;
}

/** A new email address waiting for its owner to open the link mailed to it. */
export interface EmailChangesTable {
  id: Id;
  user_id: number;
  new_email: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

export interface PhoneCodesTable {
  user_id: number;
  phone_number: string;
  code_hash: string;
  expires_at: string;
  attempts: Defaulted<number>;
  created_at: string;
}

export interface SecurityPoliciesTable {
  key: string;
  value: string;
}

export interface ScholarshipRegistrationsTable extends RecordColumns, AddressColumns {
  id: Id;
  institute_id: number;
  reg_no: string;
  roll_no: string;
  full_name: string;
  name_bangla: string | null;
  name_english: string;
  father_name_bangla: string | null;
  father_name_english: string;
  mother_name: string | null;
  mother_name_english: string;
  gender: string;
  class: string;
  class_roll: string;
  department: string | null;
  email: string | null;
  birth_certificate_no: string | null;
  ward: string | null;
  village: string | null;
  holding_no: string | null;
  post_office: string;
  contact_number: string;
  institute_name: string | null;
  institute_name_english: string | null;
  photo: string | null;
  /** The fee that applies to this student (the late fee included when it was registered late). */
  fee: number;
  fee_status: Defaulted<FeeStatus>;
  /** The payment that covers the student, pending or approved. */
  payment_id: Defaulted<number | null>;
}

export interface RegistrationCountsTable {
  institute_id: number;
  class: string;
  gender: string;
  total: Defaulted<number>;
}

export interface ScholarshipPaymentsTable extends RecordColumns {
  id: Id;
  institute_id: number;
  amount: number;
  payment_method: string;
  transaction_id: string;
  date: string;
  is_approved: Defaulted<number>;
  approved_by: number | null;
  approved_at: string | null;
  state: Defaulted<PaymentState>;
  /** How many students the payment covers: those it names, or those its approval covered. */
  students: Defaulted<number>;
  refusal_reason: Defaulted<string | null>;
  refused_by: Defaulted<number | null>;
  refused_at: Defaulted<string | null>;
}

/** Active students and their fees per institute and fee status; institute 0 holds the season's. */
/** The season's active payments by state, kept by triggers (migration 2026-12-09-payment-totals). */
export interface PaymentTotalsTable {
  state: PaymentState;
  amount: Defaulted<number>;
  count: Defaulted<number>;
}

/** A scope's change counter, kept by triggers (migration 2026-12-16-change-versions): what ETags are made from. */
export interface ChangeVersionsTable {
  scope: string;
  version: number;
}

export interface FeeTotalsTable {
  institute_id: number;
  fee_status: FeeStatus;
  students: Defaulted<number>;
  fees: Defaulted<number>;
}

export interface WebPagesTable extends RecordColumns {
  id: Id;
  url: string;
  title: string;
  published_at: string;
  content: string | null;
  content_type: Defaulted<string>;
  blog_category_id: number | null;
  news_category_id: number | null;
  notice_category_id: number | null;
  custom_fields: string | null;
  image: string | null;
  meta_title: string | null;
  meta_description: string | null;
  meta_keywords: string | null;
  og_image: string | null;
  og_description: string | null;
  source_files_url: string | null;
  content_file: string | null;
  requires_login: Defaulted<number>;
  access_roles: string | null;
  views: Defaulted<number>;
  template: string | null;
}

export interface SettingGroupsTable {
  id: Id;
  title: string;
  slug: string;
  position: Defaulted<number>;
}

export interface SettingSubGroupsTable extends SettingGroupsTable {
  setting_group_id: number;
}

export interface SettingValuesTable {
  id: Id;
  setting_sub_group_id: number;
  key: string;
  type: SettingType;
  title: string;
  value: string | null;
  width: number | null;
  height: number | null;
  position: Defaulted<number>;
  updated_at: string;
}

export interface MediaTable {
  id: Id;
  path: string;
  owner_id: number | null;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Set for anonymous uploads only. */
  uploader_ip: Defaulted<string | null>;
  created_at: string;
}

export interface AuditLogsTable {
  id: Id;
  user_id: number | null;
  user_name: string | null;
  user_role: string | null;
  action: string;
  entity: string;
  entity_id: number | null;
  /** JSON of the changed fields before and after. */
  before: string | null;
  after: string | null;
  ip: string | null;
  user_agent: string | null;
  status: Defaulted<number>;
  created_at: string;
}

/** Season totals: `class:gender` → active registrations, and the count of listed institute × class pairs. */
export interface RegistrationTotalsTable {
  name: string;
  total: Defaulted<number>;
}

export interface SequencesTable {
  name: string;
  value: Defaulted<number>;
}

/**
 * The table of a resource whose columns are its row's (its entry's `table` in src/common/resources.ts):
 * the row's columns, with the id generated and the status defaulted as every migration declares them.
 */
type TableOfRow<Row extends z.ZodObject> = {
  [C in keyof z.output<Row>]: C extends 'id' ? Id : C extends 'status' ? Defaulted<number> : z.output<Row>[C];
};

type RowTableTypes = { [T in keyof RowTables]: TableOfRow<RowTables[T]> };

/**
 * A table whose columns are those of a row the API answers (less what the answer adds): the id
 * generated, the status and the `Defaults` defaulted, as the migrations declare them.
 */
type TableOf<Row, Defaults extends keyof Row = never> = {
  [C in keyof Row]-?: C extends 'id' ? Id : C extends 'status' | Defaults ? Defaulted<Row[C]> : Row[C];
};

type MenuDefaults = 'is_external' | 'position' | 'is_published';
type UserRolesTable = TableOf<z.output<typeof UserRoleRow>>;
type MenusTable = TableOf<z.output<typeof MenuRow>, MenuDefaults>;
type SubMenusTable = TableOf<Omit<z.output<typeof SubMenuRow>, 'menu'>, MenuDefaults>;
/** pending → sending (claimed by one dispatcher) → sent; or back to pending with a later attempt; failed after the last. */
export type OutboxTable = TableOf<z.output<typeof OutboxRow>, 'state' | 'attempts'> & { topic: string };
export type NoticeChannel = z.output<typeof OutboxRow>['channel'];

/** Every table: those declared here, and those derived from their resource's row (RowTableTypes). */
export interface Database extends RowTableTypes {
  user_roles: UserRolesTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  password_resets: PasswordResetsTable;
  known_devices: KnownDevicesTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  security_policies: SecurityPoliciesTable;
  email_changes: EmailChangesTable;
  phone_codes: PhoneCodesTable;
  scholarship_registrations: ScholarshipRegistrationsTable;
  registration_counts: RegistrationCountsTable;
  registration_totals: RegistrationTotalsTable;
  fee_totals: FeeTotalsTable;
  payment_totals: PaymentTotalsTable;
  change_versions: ChangeVersionsTable;
  scholarship_payments: ScholarshipPaymentsTable;
  web_page_menus: MenusTable;
  web_page_sub_menus: SubMenusTable;
  web_pages: WebPagesTable;
  setting_groups: SettingGroupsTable;
  setting_sub_groups: SettingSubGroupsTable;
  setting_values: SettingValuesTable;
  media: MediaTable;
  sequences: SequencesTable;
  audit_logs: AuditLogsTable;
  outbox: OutboxTable;
  statement_formats: StatementFormatsTable;
  payment_statements: PaymentStatementsTable;
  statement_lines: StatementLinesTable;
  exams: ExamsTable;
  exam_sittings: ExamSittingsTable;
  exam_subjects: ExamSubjectsTable;
  exam_centres: ExamCentresTable;
  exam_seats: ExamSeatsTable;
  jobs: JobsTable;
  marks: MarksTable;
  result_rules: ResultRulesTable;
  results: ResultsTable;
  result_withholdings: ResultWithholdingsTable;
  result_snapshot: ResultSnapshotTable;
  // Scholarships awarded (module scholarships).
  scholarship_awards: ScholarshipAwardsTable;
}

/** A statement's layout: which of its columns hold the transaction id, amount and date, found again by its header row. */
export interface StatementFormatsTable {
  id: Id;
  name: string;
  /** SHA-256 of the normalised header row. */
  header_key: string;
  /** JSON array of the header texts as first seen. */
  headers: string;
  transaction_column: string;
  amount_column: string;
  date_column: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type StatementState = 'reading' | 'ready' | 'replaced';

/** One upload of a statement: its counts per list and the progress of its "approve all matched". */
export interface PaymentStatementsTable {
  id: Id;
  content_hash: string;
  format_id: number;
  file_name: string;
  state: StatementState;
  lines: Defaulted<number>;
  skipped: Defaulted<number>;
  matched: Defaulted<number>;
  amount_differs: Defaulted<number>;
  not_filed: Defaulted<number>;
  missing: Defaulted<number>;
  approved: Defaulted<number>;
  /** The job of its "approve all matched" (lib/jobs), once started. */
  approval_job_id: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type StatementLineKind = 'matched' | 'amount_differs' | 'not_filed' | 'approved' | 'missing';

/** A statement line as classified, or (kind `missing`) a pending payment the statement does not hold. */
export interface StatementLinesTable {
  id: Id;
  statement_id: number;
  kind: StatementLineKind;
  row: number | null;
  transaction_id: string;
  amount: number | null;
  date: string | null;
  payment_id: number | null;
}

/** The exam (one row, id 1): its names, the admit card's instructions, how rooms are filled, whether admit cards are out. */
export interface ExamsTable {
  id: number;
  name_bn: string;
  name_en: string;
  instructions: Defaulted<string>;
  seating: Defaulted<Seating>;
  admit_cards_published: Defaulted<number>;
  updated_at: string;
  results_processed_at: string | null;
  /** JSON ResultSummary (src/common/schemas/results.ts). */
  results_summary: string | null;
  /** The published snapshot's version; 0 while the result is not published. */
  results_version: Defaulted<number>;
  results_published_at: string | null;
  /** Bumped by every change that invalidates a processed result (a mark, a rule, a subject). */
  results_generation: Defaulted<number>;
  /** The generation the processed result was computed from; current only while equal to results_generation. */
  results_processed_generation: number | null;
  /** JSON {class: storage key} of the merit lists' PDFs made at publication. */
  merit_list_files: Defaulted<string>;
}

/** A class's sitting: date (YYYY-MM-DD) and times (HH:MM, Dhaka). */
export interface ExamSittingsTable {
  class: string;
  date: string | null;
  reporting_time: string | null;
  start_time: string | null;
  end_time: string | null;
}

export interface ExamSubjectsTable {
  id: Id;
  class: string;
  name_bn: string;
  name_en: string;
  full_marks: number;
  position: number;
}

export interface ExamCentresTable {
  id: Id;
  name_bn: string;
  name_en: string;
  division_id: number | null;
  zilla_id: number | null;
  upozilla_id: number | null;
  address: string;
  contact_name: string;
  contact_mobile: string;
  /** JSON `[{name, capacity}]`. */
  rooms: string;
  capacity: number;
  seated: Defaulted<number>;
  /** JSON arrays of the upazila ids and institute ids it serves. */
  upazila_ids: Defaulted<string>;
  institute_ids: Defaulted<string>;
  creator: number | null;
  status: Defaulted<number>;
  created_at: string;
  updated_at: string;
}

export interface ExamSeatsTable {
  centre_id: number;
  room_index: number;
  seat: number;
  registration_id: number;
  class: string;
  token: string;
  created_at: string;
}

export type JobState = 'running' | 'done' | 'failed';

/** A long admin action (allocation, a big PDF): its progress, its answer, and the file it made. */
export interface JobsTable {
  id: Id;
  kind: string;
  user_id: number;
  state: JobState;
  total: number | null;
  done: Defaulted<number>;
  params: Defaulted<string>;
  result: string | null;
  error: string | null;
  file_key: string | null;
  file_name: string | null;
  heartbeat: string;
  created_at: string;
  updated_at: string;
}

/** A student's marks in a subject: a number (halves allowed) or absent (marks null, absent 1). */
export interface MarksTable {
  registration_id: number;
  subject_id: number;
  marks: number | null;
  absent: Defaulted<number>;
  updated_by: number | null;
  updated_at: string;
}

export type ResultRuleKind = 'cutoff' | 'quota';
export type ResultRuleScope = 'class' | 'upazila';

/** How a class's scholarships are given (docs/integrators/results.md). */
export interface ResultRulesTable {
  class: string;
  pass_marks: Defaulted<number>;
  kind: Defaulted<ResultRuleKind>;
  scope: Defaulted<ResultRuleScope>;
  talent_pool: Defaulted<number>;
  general: Defaulted<number>;
}

/** `incomplete`: a mark nobody entered; `withheld`: that, and the admin withheld the result (docs/integrators/results.md). */
export type ResultState = 'pass' | 'fail' | 'absent' | 'incomplete' | 'withheld';
export type ResultGrade = 'talent_pool' | 'general';

/** A student's processed result. */
export interface ResultsTable {
  registration_id: number;
  class: string;
  roll_no: string;
  institute_id: number;
  zilla_id: number | null;
  upozilla_id: number | null;
  total: number;
  position: number;
  state: ResultState;
  grade: ResultGrade | null;
}

/** A candidate whose result the admin withheld, and why: kept until their marks are all in. */
export interface ResultWithholdingsTable {
  registration_id: number;
  reason: string;
  withheld_by: number | null;
  withheld_at: string;
}

/** The published result, one row per student keyed by roll: what the public lookup answers. */
export interface ResultSnapshotTable {
  version: number;
  roll_no: string;
  reg_no: string;
  birth_certificate_no: string | null;
  /** JSON ResultDocument (src/common/schemas/results.ts). */
  doc: string;
  /** The slip's PDF in storage, once printed (null until first asked for). */
  slip_key: Defaulted<string | null>;
}

// --- Scholarships awarded (module scholarships, docs/integrators/results.md) ---

/**
 * A student's scholarship, made when results are published: one a student, never deleted; `withdrawn_at` is set when
 * a later publication (or the result's withdrawal) no longer awards it, and cleared when one awards it again.
 */
export interface ScholarshipAwardsTable {
  /** scholarship_registrations.id */
  registration_id: number;
  /** users.id of the student's institute. */
  institute_id: number;
  class: string;
  roll_no: string;
  grade: ResultGrade;
  /** Whole taka: the season's amount for the grade at the publication. */
  amount: number;
  /** The random code the award letter's QR carries to the public verification page. */
  code: string;
  /** The result_snapshot version that awarded it. */
  result_version: number;
  awarded_at: string;
  withdrawn_at: string | null;
}
