/** Setting values the product itself reads, by key. */
import type { Kysely } from 'kysely';
import { DEFAULT_REGISTRATION_FEE } from '../../../common/constants.js';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';

export async function settingValue(db: Kysely<Database>, key: string): Promise<string | null> {
  const row = await db.selectFrom('setting_values').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** The fee per student in taka: the `registration_fee` setting, 200 when unset or not a whole number. */
export async function registrationFee(db: Kysely<Database>): Promise<number> {
  const value = Number(await settingValue(db, 'registration_fee'));
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_REGISTRATION_FEE;
}

type SeedValue = { key: string; title: string; type: 'text' | 'file'; value: string | null };

/** The payment settings the product reads (architecture §5): created once, never overwritten. */
const PAYMENT_SETTINGS: { group: [string, string]; subGroup: [string, string]; values: SeedValue[] } = {
  group: ['payment', 'পেমেন্ট'],
  subGroup: ['payment-accounts', 'নিবন্ধন ফি ও হিসাব'],
  values: [
    { key: 'registration_fee', title: 'প্রতি শিক্ষার্থীর নিবন্ধন ফি (টাকা)', type: 'text', value: String(DEFAULT_REGISTRATION_FEE) },
    { key: 'bkash_number', title: 'বিকাশ নম্বর (পার্সোনাল)', type: 'text', value: null },
    { key: 'bank_account', title: 'ব্যাংক হিসাব (ব্যাংক, শাখা, হিসাবের নাম ও নম্বর)', type: 'text', value: null },
  ],
};

export async function seedPaymentSettings(db: Kysely<Database>): Promise<void> {
  const { group, subGroup, values } = PAYMENT_SETTINGS;
  await db.insertInto('setting_groups').values({ slug: group[0], title: group[1] }).onConflict((oc) => oc.column('slug').doNothing()).execute();
  const groupId = (await db.selectFrom('setting_groups').select('id').where('slug', '=', group[0]).executeTakeFirstOrThrow()).id;
  await db
    .insertInto('setting_sub_groups')
    .values({ slug: subGroup[0], title: subGroup[1], setting_group_id: groupId })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  const subGroupId = (await db.selectFrom('setting_sub_groups').select('id').where('slug', '=', subGroup[0]).executeTakeFirstOrThrow()).id;
  for (const [position, value] of values.entries()) {
    await db
      .insertInto('setting_values')
      .values({ ...value, setting_sub_group_id: subGroupId, position, updated_at: now() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}
