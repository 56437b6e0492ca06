/**
 * The words of an export, so the CSV reads as a spreadsheet a person opens: each column's header and each code's label in
 * the caller's language, as the lists show them (class 04 'চতুর্থ শ্রেণি', gender f 'মেয়ে', status 1
 * 'সক্রিয়'). By column name, the same for every resource, like the export's cell kinds (modules/export/column-kinds.ts). Codes are
 * replaced from lookup tables made once per export, so a row costs a few map reads, never a query.
 */
import {
  CLASS_CODES,
  DEPARTMENTS,
  FEE_STATUSES,
  GENDERS,
  INSTITUTE_LEVELS,
  INSTITUTE_TYPES,
  MANAGEMENT_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATES,
  ROLES,
} from '../../common/constants.js';
import type { Lang } from '../../common/messages.js';

type Words = Readonly<Record<Lang, string>>;

/** Every exported column's header; modules/export/column-labels.test.ts holds every resource's export columns to having one. */
export const HEADERS: Readonly<Record<string, Words>> = {
  id: { bn: 'আইডি', en: 'ID' },
  name_bn: { bn: 'নাম (বাংলায়)', en: 'Name (Bengali)' },
  name_en: { bn: 'নাম (ইংরেজিতে)', en: 'Name (English)' },
  address: { bn: 'ঠিকানা', en: 'Address' },
  upozilla_id: { bn: 'উপজেলা কোড', en: 'Upazila code' },
  contact_name: { bn: 'যোগাযোগের ব্যক্তি', en: 'Contact person' },
  contact_mobile: { bn: 'যোগাযোগের মোবাইল', en: 'Contact mobile' },
  capacity: { bn: 'মোট আসন', en: 'Seats' },
  seated: { bn: 'আসন দেওয়া হয়েছে', en: 'Seats given' },
  reg_no: { bn: 'নিবন্ধন নম্বর', en: 'Registration no' },
  roll_no: { bn: 'রোল নম্বর', en: 'Roll no' },
  institute_id: { bn: 'প্রতিষ্ঠানের আইডি', en: 'Institute ID' },
  institute_name: { bn: 'প্রতিষ্ঠান', en: 'Institute' },
  institute_phone: { bn: 'প্রতিষ্ঠানের মোবাইল', en: 'Institute mobile' },
  full_name: { bn: 'শিক্ষার্থীর নাম (ইংরেজিতে)', en: 'Student name' },
  name_bangla: { bn: 'শিক্ষার্থীর নাম (বাংলায়)', en: 'Student name (Bengali)' },
  father_name_english: { bn: 'পিতার নাম (ইংরেজিতে)', en: "Father's name" },
  mother_name_english: { bn: 'মাতার নাম (ইংরেজিতে)', en: "Mother's name" },
  class: { bn: 'শ্রেণি', en: 'Class' },
  class_roll: { bn: 'শ্রেণি রোল', en: 'Class roll' },
  gender: { bn: 'লিঙ্গ', en: 'Gender' },
  department: { bn: 'গ্রুপ', en: 'Group' },
  contact_number: { bn: 'অভিভাবকের মোবাইল নম্বর', en: "Guardian's mobile" },
  division: { bn: 'বিভাগ', en: 'Division' },
  zilla: { bn: 'জেলা', en: 'District' },
  upozilla: { bn: 'উপজেলা', en: 'Upazila' },
  post_office: { bn: 'ডাকঘর', en: 'Post office' },
  fee: { bn: 'ফি (টাকা)', en: 'Fee (taka)' },
  fee_status: { bn: 'ফির অবস্থা', en: 'Fee status' },
  status: { bn: 'অবস্থা', en: 'Status' },
  created_at: { bn: 'তৈরির সময়', en: 'Created at' },
  updated_at: { bn: 'সর্বশেষ হালনাগাদ', en: 'Updated at' },
  amount: { bn: 'পরিমাণ (টাকা)', en: 'Amount (taka)' },
  payment_method: { bn: 'মাধ্যম', en: 'Method' },
  transaction_id: { bn: 'ট্রানজেকশন/রসিদ নম্বর', en: 'Transaction/receipt no' },
  date: { bn: 'জমার তারিখ', en: 'Deposit date' },
  is_approved: { bn: 'অনুমোদন', en: 'Approval' },
  state: { bn: 'পেমেন্টের অবস্থা', en: 'Payment state' },
  students: { bn: 'শিক্ষার্থী', en: 'Students' },
  refusal_reason: { bn: 'বাতিলের কারণ', en: 'Refusal reason' },
  approved_at: { bn: 'অনুমোদনের সময়', en: 'Approved at' },
  refused_at: { bn: 'বাতিলের সময়', en: 'Refused at' },
  uid: { bn: 'প্রতিষ্ঠান আইডি', en: 'Institute id (uid)' },
  name: { bn: 'নাম', en: 'Name' },
  institute_name_english: { bn: 'প্রতিষ্ঠানের নাম (ইংরেজিতে)', en: 'Institute name (English)' },
  role: { bn: 'ভূমিকা', en: 'Role' },
  email: { bn: 'ইমেইল', en: 'Email' },
  phone_number: { bn: 'মোবাইল', en: 'Mobile' },
  institute_type: { bn: 'প্রতিষ্ঠানের ধরন', en: 'Institute type' },
  institute_level: { bn: 'প্রতিষ্ঠানের স্তর', en: 'Institute level' },
  institute_management_type: { bn: 'ব্যবস্থাপনার ধরন', en: 'Management type' },
  contact_person: { bn: 'প্রতিষ্ঠান প্রধানের নাম', en: 'Head of institute' },
  title: { bn: 'শিরোনাম', en: 'Title' },
  slug: { bn: 'স্লাগ', en: 'Slug' },
  content_url: { bn: 'কনটেন্টের ঠিকানা (URL)', en: 'Content URL' },
  redirect_url: { bn: 'রিডাইরেক্ট ঠিকানা (URL)', en: 'Redirect URL' },
  is_external: { bn: 'বাইরের ওয়েবসাইটের লিংক', en: 'External link' },
  position: { bn: 'ক্রম', en: 'Position' },
  is_published: { bn: 'প্রকাশিত', en: 'Published' },
  web_page_menu_id: { bn: 'মেনুর আইডি', en: 'Menu ID' },
  url: { bn: 'ঠিকানা (URL)', en: 'URL' },
  published_at: { bn: 'প্রকাশের সময়', en: 'Published at' },
  content: { bn: 'বিষয়বস্তু', en: 'Content' },
  custom_fields: { bn: 'লেআউট', en: 'Layout' },
  meta_title: { bn: 'এসইও শিরোনাম', en: 'SEO title' },
  meta_description: { bn: 'এসইও বিবরণ', en: 'SEO description' },
  meta_keywords: { bn: 'এসইও কিওয়ার্ড', en: 'SEO keywords' },
  og_image: { bn: 'ওজি ছবি', en: 'OG image' },
  og_description: { bn: 'ওজি বিবরণ', en: 'OG description' },
  requires_login: { bn: 'লগইন লাগবে', en: 'Requires login' },
  access_roles: { bn: 'যাদের জন্য', en: 'Access roles' },
  views: { bn: 'দেখা হয়েছে', en: 'Views' },
  template: { bn: 'টেমপ্লেট', en: 'Template' },
  creator: { bn: 'তৈরি করেছেন (আইডি)', en: 'Creator (ID)' },
  user_id: { bn: 'ব্যবহারকারীর আইডি', en: 'User ID' },
  user_name: { bn: 'ব্যবহারকারী', en: 'User' },
  user_role: { bn: 'ব্যবহারকারীর ভূমিকা', en: 'User role' },
  action: { bn: 'কাজ', en: 'Action' },
  entity: { bn: 'রেকর্ডের ধরন', en: 'Record type' },
  entity_id: { bn: 'রেকর্ডের আইডি', en: 'Record ID' },
  before: { bn: 'আগে', en: 'Before' },
  after: { bn: 'পরে', en: 'After' },
  ip: { bn: 'আইপি ঠিকানা', en: 'IP address' },
  user_agent: { bn: 'ব্রাউজার', en: 'Browser' },
};

const YES_NO: Readonly<Record<string, Words>> = { 1: { bn: 'হ্যাঁ', en: 'Yes' }, 0: { bn: 'না', en: 'No' } };
const ROLE_WORDS = {
  admin: { bn: 'অ্যাডমিন', en: 'Admin' },
  institute: { bn: 'প্রতিষ্ঠান', en: 'Institute' },
  examiner: { bn: 'পরীক্ষক', en: 'Examiner' },
} satisfies Record<(typeof ROLES)[number], Words>;

/** Code → label for the columns that hold codes; a code not listed (none should be) is written as stored. */
const VALUES: Readonly<Record<string, Readonly<Record<string, Words>>>> = {
  class: {
    '04': { bn: 'চতুর্থ শ্রেণি', en: 'Class Four' },
    '07': { bn: 'সপ্তম শ্রেণি', en: 'Class Seven' },
  } satisfies Record<(typeof CLASS_CODES)[number], Words>,
  gender: { m: { bn: 'ছেলে', en: 'Male' }, f: { bn: 'মেয়ে', en: 'Female' } } satisfies Record<(typeof GENDERS)[number], Words>,
  department: {
    p: { bn: 'প্রযোজ্য নয়', en: 'None' },
    a: { bn: 'সাধারণ', en: 'General' },
    c: { bn: 'ব্যবসায় শিক্ষা', en: 'Commerce' },
    s: { bn: 'বিজ্ঞান', en: 'Science' },
  } satisfies Record<(typeof DEPARTMENTS)[number], Words>,
  payment_method: { bkash: { bn: 'বিকাশ', en: 'bKash' }, bank: { bn: 'ব্যাংক', en: 'Bank' } } satisfies Record<(typeof PAYMENT_METHODS)[number], Words>,
  fee_status: {
    unpaid: { bn: 'অপরিশোধিত', en: 'Unpaid' },
    pending: { bn: 'অপেক্ষমাণ', en: 'Pending' },
    paid: { bn: 'পরিশোধিত', en: 'Paid' },
  } satisfies Record<(typeof FEE_STATUSES)[number], Words>,
  state: {
    pending: { bn: 'অপেক্ষমাণ', en: 'Pending' },
    approved: { bn: 'অনুমোদিত', en: 'Approved' },
    refused: { bn: 'বাতিল', en: 'Refused' },
  } satisfies Record<(typeof PAYMENT_STATES)[number], Words>,
  is_approved: { 1: { bn: 'অনুমোদিত', en: 'Approved' }, 0: { bn: 'অনুমোদিত নয়', en: 'Not approved' } },
  status: { 1: { bn: 'সক্রিয়', en: 'Active' }, 0: { bn: 'নিষ্ক্রিয়', en: 'Deactivated' } },
  is_external: YES_NO,
  is_published: YES_NO,
  requires_login: YES_NO,
  role: ROLE_WORDS,
  user_role: ROLE_WORDS,
  institute_type: { school: { bn: 'বিদ্যালয়', en: 'School' }, madrasah: { bn: 'মাদ্রাসা', en: 'Madrasah' } } satisfies Record<
    (typeof INSTITUTE_TYPES)[number],
    Words
  >,
  institute_level: {
    'play-5th': { bn: 'প্লে – ৫ম শ্রেণি', en: 'Play – 5th' },
    'play-8th': { bn: 'প্লে – ৮ম শ্রেণি', en: 'Play – 8th' },
    'play-10th': { bn: 'প্লে – ১০ম শ্রেণি', en: 'Play – 10th' },
    'play-12th': { bn: 'প্লে – ১২শ শ্রেণি', en: 'Play – 12th' },
  } satisfies Record<(typeof INSTITUTE_LEVELS)[number], Words>,
  institute_management_type: {
    private: { bn: 'ব্যক্তিমালিকানাধীন', en: 'Private' },
    'non-government': { bn: 'বেসরকারি', en: 'Non-government' },
    government: { bn: 'সরকারি', en: 'Government' },
  } satisfies Record<(typeof MANAGEMENT_TYPES)[number], Words>,
};

/** A column's header in `lang`; the column's own name should it have none. */
export function headerOf(column: string, lang: Lang): string {
  return Object.hasOwn(HEADERS, column) ? HEADERS[column]![lang] : column;
}

/** The code → label table of a column in `lang`, or undefined for a column of free values. */
export function valueLabels(column: string, lang: Lang): ReadonlyMap<string, string> | undefined {
  if (!Object.hasOwn(VALUES, column)) return undefined;
  return new Map(Object.entries(VALUES[column]!).map(([code, words]) => [code, words[lang]]));
}

type Batches = AsyncIterable<unknown[][]> | Iterable<unknown[][]>;

/**
 * The rows with each code replaced by its label, in place as the batches pass (the arrays are the
 * driver's own, used once). Batches without code columns pass untouched.
 */
export function labelledBatches(columns: readonly string[], lang: Lang, batches: Batches): Batches {
  const tables = columns.map((column) => valueLabels(column, lang));
  const coded = tables.flatMap((table, index) => (table ? [index] : []));
  if (coded.length === 0) return batches;
  return (async function* () {
    for await (const batch of batches) {
      for (const row of batch) {
        for (const index of coded) {
          const value = row[index];
          if (value !== null && value !== undefined) row[index] = tables[index]!.get(String(value)) ?? value;
        }
      }
      yield batch;
    }
  })();
}
