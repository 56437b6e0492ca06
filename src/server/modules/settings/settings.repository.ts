/** Setting values the product itself reads, by key, and the one seed that creates them. */
import type { Kysely } from 'kysely';
import { DEFAULT_REGISTRATION_FEE } from '../../../common/constants.js';
import { perTurn } from '../../db/per-turn.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import type { SettingType } from '../../../common/schemas/settings.js';
import { AWARD_AMOUNT_KEYS } from '../../../common/schemas/scholarships.js';
import type { Season } from '../../../common/season.js';
import { now } from '../../lib/time.js';

const valueOf = preparedQuery((db, args: { key: string }) => db.selectFrom('setting_values').select('value').where('key', '=', args.key));

/** No cache: every read goes to the database, so an admin's change is visible to the next reader at once. */
export async function settingValue(db: Kysely<Database>, key: string): Promise<string | null> {
  const [row] = await valueOf(db, { key });
  return row?.value ?? null;
}

export const SEASON_KEYS = ['registration_fee', 'registration_opens', 'registration_closes', 'late_fee_from', 'late_fee', 'payment_deadline'] as const;

/** Stored values by key, a blank one as null. */
const blankAsNull = (rows: readonly { key: string; value: string | null }[]) => new Map(rows.map((row) => [row.key, row.value?.trim() ? row.value : null]));

/** The stored rows of `keys`, in one query. */
const rowsOf = (db: Kysely<Database>, keys: readonly string[]) => db.selectFrom('setting_values').select(['key', 'value']).where('key', 'in', keys).execute();

/** The values of `keys` in one query, a blank one as null. */
async function valuesOf(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, string | null>> {
  return blankAsNull(await rowsOf(db, keys));
}

/**
 * The season's calendar and fees from the stored rows of SEASON_KEYS (settings are stored checked:
 * dates YYYY-MM-DD, whole taka), for a caller that read them with other numbers in one query.
 */
export function seasonOf(rows: readonly { key: string; value: string | null }[]): Season {
  const values = blankAsNull(rows);
  const fee = Number(values.get('registration_fee'));
  const lateFee = Number(values.get('late_fee') ?? 0);
  return {
    fee: Number.isInteger(fee) && fee > 0 ? fee : DEFAULT_REGISTRATION_FEE,
    registrationOpens: values.get('registration_opens') ?? null,
    registrationCloses: values.get('registration_closes') ?? null,
    lateFeeFrom: values.get('late_fee_from') ?? null,
    lateFee: Number.isInteger(lateFee) && lateFee > 0 ? lateFee : 0,
    paymentDeadline: values.get('payment_deadline') ?? null,
  };
}

/** SEASON_KEYS' rows: compiled once (db/prepared.ts), as every create reads them. */
const seasonQuery = preparedQuery((db) => db.selectFrom('setting_values').select(['key', 'value']).where('key', 'in', SEASON_KEYS));

/** The season's rows, read once for the requests of one turn that ask for them (db/per-turn.ts): every create does. */
const seasonRows = perTurn(async (db, keys: 'season'[]) => {
  const rows = await seasonQuery(db, {});
  return new Map(keys.map((key) => [key, rows]));
});

/** The season's calendar and fees. */
export async function seasonSettings(db: Kysely<Database>): Promise<Season> {
  return seasonOf((await seasonRows(db, 'season'))!);
}

export const SITE_SETTING_KEYS = ['site_name', 'site_tagline', 'site_logo', 'site_favicon', 'contact_address', 'contact_phone', 'contact_email'] as const;
export type SiteSettings = Record<(typeof SITE_SETTING_KEYS)[number], string | null>;

/** What the public website shows: file values are stored paths without a leading slash; empty text is null. */
export async function siteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const byKey = await valuesOf(db, SITE_SETTING_KEYS);
  return Object.fromEntries(SITE_SETTING_KEYS.map((key) => [key, byKey.get(key) ?? null])) as SiteSettings;
}

type SeedValue = { key: string; title: string; type: SettingType; value: string | null; width?: number; height?: number };
type SeedSubGroup = { slug: string; title: string; values: SeedValue[] };
type SeedGroup = { slug: string; title: string; subGroups: SeedSubGroup[] };

/** Every setting the product reads (architecture §5). The array order is the menu and form order. */
const SETTINGS: SeedGroup[] = [
  {
    slug: 'site',
    title: 'সাইট',
    subGroups: [
      {
        slug: 'site-identity',
        title: 'পরিচিতি',
        values: [
          { key: 'site_name', title: 'সাইটের নাম', type: 'text', value: 'বৃত্তি পরীক্ষা নিবন্ধন' },
          { key: 'site_tagline', title: 'সাইটের স্লোগান', type: 'text', value: null },
          { key: 'site_logo', title: 'লোগো', type: 'file', value: null, width: 200, height: 200 },
          { key: 'site_favicon', title: 'ফেভিকন', type: 'file', value: null, width: 64, height: 64 },
        ],
      },
      {
        slug: 'site-contact',
        title: 'যোগাযোগ',
        values: [
          { key: 'contact_address', title: 'ঠিকানা', type: 'text', value: null },
          { key: 'contact_phone', title: 'ফোন নম্বর', type: 'text', value: null },
          { key: 'contact_email', title: 'ই-মেইল', type: 'text', value: null },
        ],
      },
    ],
  },
  {
    slug: 'payment',
    title: 'পেমেন্ট',
    subGroups: [
      {
        slug: 'payment-accounts',
        title: 'নিবন্ধন ফি ও হিসাব',
        values: [
          { key: 'registration_fee', title: 'প্রতি শিক্ষার্থীর নিবন্ধন ফি (টাকা)', type: 'text', value: String(DEFAULT_REGISTRATION_FEE) },
          { key: 'bkash_number', title: 'বিকাশ নম্বর (পার্সোনাল)', type: 'text', value: null },
          { key: 'bank_account', title: 'ব্যাংক হিসাব (ব্যাংক, শাখা, হিসাবের নাম ও নম্বর)', type: 'text', value: null },
        ],
      },
      {
        slug: 'season',
        title: 'নিবন্ধনের সময়সূচি ও বিলম্ব ফি',
        values: [
          { key: 'registration_opens', title: 'নিবন্ধন শুরু', type: 'text', value: null },
          { key: 'registration_closes', title: 'নিবন্ধনের শেষ দিন', type: 'text', value: null },
          { key: 'late_fee_from', title: 'বিলম্ব ফি যেদিন থেকে', type: 'text', value: null },
          { key: 'late_fee', title: 'প্রতি শিক্ষার্থীর বিলম্ব ফি (টাকা)', type: 'text', value: '0' },
          { key: 'payment_deadline', title: 'ফি জমার শেষ দিন', type: 'text', value: null },
        ],
      },
    ],
  },
  // Scholarships awarded: each grade's amount, read at each publication (docs/integrators/settings.md).
  {
    slug: 'scholarships',
    title: 'বৃত্তি',
    subGroups: [
      {
        slug: 'scholarship-amounts',
        title: 'বৃত্তির পরিমাণ',
        values: [
          { key: AWARD_AMOUNT_KEYS.talent_pool, title: 'ট্যালেন্টপুল বৃত্তি (টাকা)', type: 'text', value: '0' },
          { key: AWARD_AMOUNT_KEYS.general, title: 'সাধারণ বৃত্তি (টাকা)', type: 'text', value: '0' },
        ],
      },
      // When institutes enter their winners' payout details (docs/integrators/payouts.md).
      {
        slug: 'payouts',
        title: 'বৃত্তির টাকা পাঠানো',
        values: [
          { key: 'payout_details_opens', title: 'টাকা পাঠানোর তথ্য দেওয়া শুরু', type: 'text', value: null },
          { key: 'payout_details_closes', title: 'টাকা পাঠানোর তথ্য দেওয়ার শেষ দিন', type: 'text', value: null },
        ],
      },
    ],
  },
  {
    slug: 'notices',
    title: 'এসএমএস ও ই-মেইল',
    subGroups: [
      {
        slug: 'notices-results',
        title: 'ফল প্রকাশের বার্তা',
        values: [
          // Off unless the admin turns it on: a season's send is a million paid messages (docs/integrators/notices.md).
          { key: 'guardian_result_sms', title: 'ফল প্রকাশের সময় প্রত্যেক শিক্ষার্থীর ফল অভিভাবকের মোবাইলে এসএমএস করুন', type: 'text', value: '0' },
        ],
      },
    ],
  },
];

/**
 * Creates the settings once. Safe at every start: groups, sub groups and each value's shape (title, type,
 * size, position) follow this file, while a value an admin has set is never overwritten.
 */
export async function seedSettings(db: Kysely<Database>): Promise<void> {
  for (const [groupPosition, group] of SETTINGS.entries()) {
    await db
      .insertInto('setting_groups')
      .values({ slug: group.slug, title: group.title, position: groupPosition })
      .onConflict((oc) => oc.column('slug').doUpdateSet({ title: group.title, position: groupPosition }))
      .execute();
    const groupId = (await db.selectFrom('setting_groups').select('id').where('slug', '=', group.slug).executeTakeFirstOrThrow()).id;
    for (const [subPosition, subGroup] of group.subGroups.entries()) {
      const shape = { title: subGroup.title, setting_group_id: groupId, position: subPosition };
      await db
        .insertInto('setting_sub_groups')
        .values({ slug: subGroup.slug, ...shape })
        .onConflict((oc) => oc.column('slug').doUpdateSet(shape))
        .execute();
      const subGroupId = (await db.selectFrom('setting_sub_groups').select('id').where('slug', '=', subGroup.slug).executeTakeFirstOrThrow()).id;
      for (const [position, { value, ...rest }] of subGroup.values.entries()) {
        const valueShape = { ...rest, width: rest.width ?? null, height: rest.height ?? null, setting_sub_group_id: subGroupId, position };
        await db
          .insertInto('setting_values')
          .values({ ...valueShape, value, updated_at: now() })
          .onConflict((oc) => oc.column('key').doUpdateSet(valueShape))
          .execute();
      }
    }
  }
}
