/**
 * What information_schema cannot tell the generator (generate.ts): the domain union a text column holds,
 * a default that only filled the rows there were when its column was added, and the notes a reader of a
 * table needs. Keyed by table and `table.column`; naming one the migrations do not make fails the run.
 */

/** An exported type and the module it comes from, relative to src/server/db/. */
export type TypeRef = { name: string; from: string };

export type ColumnOverride = {
  /** The column's TypeScript type, in place of its SQL type's. */
  type?: TypeRef;
  /** Its default only filled existing rows when the column was added: every insert must give a value. */
  backfillOnly?: true;
  doc?: string;
};

const constants = '../../common/constants.js';
const types = './types.js';
const union = (name: string, from: string): TypeRef => ({ name, from });

const feeStatus = union('FeeStatus', constants);
const paymentState = union('PaymentState', constants);

export const TABLES: Record<string, string> = {
  password_resets: 'A temporary password mailed by a reset: it works beside the password until it expires (architecture §5).',
  known_devices: 'A browser the account has logged in from: the digest of the random token in its `known_device` cookie.',
  recovery_codes: 'A recovery code of two-factor login, as its digest; used once, then deleted.',
  login_challenges: 'Between a correct password and the second factor: a random token (as its digest), not a session.',
  email_changes: 'A new email address waiting for its owner to open the link mailed to it.',
  fee_totals: "Active students and their fees per institute and fee status; institute 0 holds the season's.",
  payment_totals: "The season's active payments by state, kept by triggers (migration 2026-12-09-payment-totals).",
  change_versions: "A scope's change counter, kept by triggers (migration 2026-12-16-change-versions): what ETags are made from.",
  registration_totals: 'Season totals: `class:gender` → active registrations, and the count of listed institute × class pairs.',
  outbox: 'pending → sending (claimed by one dispatcher) → sent; or back to pending with a later attempt; failed after the last.',
  statement_formats: "A statement's layout: which of its columns hold the transaction id, amount and date, found again by its header row.",
  payment_statements: 'One upload of a statement: its counts per list and the progress of its "approve all matched".',
  statement_lines: 'A statement line as classified, or (kind `missing`) a pending payment the statement does not hold.',
  exams: "The exam (one row, id 1): its names, the admit card's instructions, how rooms are filled, whether admit cards are out.",
  exam_sittings: "A class's sitting: date (YYYY-MM-DD) and times (HH:MM, Dhaka).",
  jobs: 'A long admin action (allocation, a big PDF): its progress, its answer, and the file it made.',
  marks: "A student's marks in a subject: a number (halves allowed) or absent (marks null, absent 1).",
  result_rules: "How a class's scholarships are given (docs/integrators/results.md).",
  results: "A student's processed result.",
  result_withholdings: 'A candidate whose result the admin withheld, and why: kept until their marks are all in.',
  result_snapshot: 'The published result, one row per student keyed by roll: what the public lookup answers.',
  notice_sends:
    "A send of notices in bulk (the guardians' result SMS of one published version) and how far it has got: written with each batch it queues (docs/integrators/notices.md).",
  scholarship_awards:
    "A student's scholarship, made when results are published: one a student, never deleted; `withdrawn_at` is set when a later publication (or the result's withdrawal) no longer awards it, and cleared when one awards it again.",
  sms_inbound: 'A message the SMS gateway handed over, and what it was answered (docs/integrators/sms.md).',
  sms_reply_counts: 'Replies a sender got in the fixed window starting at `window_start`: the per-sender limit of results by SMS.',
  payout_details: "Where a winner's scholarship goes, one row a student: a guardian's mobile wallet or a bank account.",
  payout_batches: 'A payout batch sent to a provider in one layout; closed once every line is settled.',
  payout_lines: "A batch's line: one student's payment, with the details as sent.",
};

export const COLUMNS: Record<string, ColumnOverride> = {
  'users.totp_secret': {
    doc: 'Two-factor login (admins): the enrolled secret; beside it the one being enrolled, when it was turned on, the last time step used.',
  },
  'users.phone_confirmed_at': { doc: 'When the mobile number was confirmed by a code sent to it as SMS; null until then and again once it changes.' },
  'users.phone_set_at': { doc: 'When the account took its current mobile number (null: before this was recorded).' },
  'login_challenges.reset_id': { doc: 'The temporary password the first step used, which becomes the password once the second step passes.' },
  'scholarship_registrations.fee': {
    backfillOnly: true,
    doc: 'The fee that applies to this student (the late fee included when it was registered late).',
  },
  'scholarship_registrations.fee_status': { type: feeStatus },
  'scholarship_registrations.payment_id': { doc: 'The payment that covers the student, pending or approved.' },
  'fee_totals.fee_status': { type: feeStatus },
  'scholarship_payments.state': { type: paymentState },
  'scholarship_payments.students': { doc: 'How many students the payment covers: those it names, or those its approval covered.' },
  'payment_totals.state': { type: paymentState },
  'setting_values.type': { type: union('SettingType', '../../common/schemas/settings.js') },
  'media.uploader_ip': { doc: 'Set for anonymous uploads only.' },
  'audit_logs.before': { doc: 'JSON of the changed fields before and after.' },
  'outbox.channel': { type: union('NoticeChannel', types) },
  'outbox.state': { type: union('OutboxState', types) },
  'notice_sends.state': { type: union('NoticeSendState', types) },
  'notice_sends.after_roll': { doc: 'The last roll read: the next batch starts after it.' },
  'statement_formats.header_key': { doc: 'SHA-256 of the normalised header row.' },
  'statement_formats.headers': { doc: 'JSON array of the header texts as first seen.' },
  'payment_statements.state': { type: union('StatementState', types) },
  'payment_statements.approval_job_id': { doc: 'The job of its "approve all matched" (lib/jobs), once started.' },
  'statement_lines.kind': { type: union('StatementLineKind', types) },
  'exams.seating': { type: union('Seating', constants) },
  'exams.results_summary': { doc: 'JSON ResultSummary (src/common/schemas/results.ts).' },
  'exams.results_version': { doc: "The published snapshot's version; 0 while the result is not published." },
  'exams.results_generation': { doc: 'Bumped by every change that invalidates a processed result (a mark, a rule, a subject).' },
  'exams.results_processed_generation': { doc: 'The generation the processed result was computed from; current only while equal to results_generation.' },
  'exams.merit_list_files': { doc: "JSON {class: storage key} of the merit lists' PDFs made at publication." },
  'exam_centres.rooms': { doc: 'JSON `[{name, capacity}]`.' },
  'exam_centres.upazila_ids': { doc: 'JSON arrays of the upazila ids and institute ids it serves.' },
  'jobs.state': { type: union('JobState', '../../common/schemas/jobs.js') },
  'result_rules.kind': { type: union('ResultRuleKind', types) },
  'result_rules.scope': { type: union('ResultRuleScope', types) },
  'results.state': { type: union('ResultState', '../../common/schemas/results.js') },
  'results.grade': { type: union('ResultGrade', '../../common/schemas/results.js') },
  'result_snapshot.doc': { doc: 'JSON ResultDocument (src/common/schemas/results.ts).' },
  'result_snapshot.slip_key': { doc: "The slip's PDF in storage, once printed (null until first asked for)." },
  'scholarship_awards.registration_id': { doc: 'scholarship_registrations.id' },
  'scholarship_awards.institute_id': { doc: "users.id of the student's institute." },
  'scholarship_awards.grade': { type: union('ResultGrade', '../../common/schemas/results.js') },
  'scholarship_awards.amount': { doc: "Whole taka: the season's amount for the grade at the publication." },
  'scholarship_awards.code': { doc: "The random code the award letter's QR carries to the public verification page." },
  'scholarship_awards.result_version': { doc: 'The result_snapshot version that awarded it.' },
  'sms_inbound.message_id': { doc: "The gateway's id of the message, when it gives one: a retried callback is recognised by it." },
  'sms_inbound.answer': { type: union('SmsInboundAnswer', '../../common/schemas/sms-inbound.js') },
  'sms_inbound.outcome': { type: union('SmsInboundStored', types) },
  'payout_details.method': { type: union('PayoutMethod', '../../common/schemas/payouts.js') },
  'payout_details.wallet_provider': { type: union('WalletProvider', '../../common/schemas/payouts.js') },
  'payout_details.failure_reason': { doc: "The provider's reason for the last failed payment, until the details are corrected." },
  'payout_batches.state': { type: union('PayoutBatchState', types) },
  'payout_lines.state': { type: union('PayoutLineState', types) },
  'payout_lines.holding_registration_id': {
    doc: 'The student while the line is pending or paid, null once failed: unique, so one live or paid line a student.',
  },
  'payout_lines.details': { doc: 'JSON of the payout details as sent (the file is written from them).' },
};
