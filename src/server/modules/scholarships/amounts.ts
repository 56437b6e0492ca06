/** Each grade's scholarship amount, from the season settings (docs/integrators/settings.md). */
import type { Kysely } from 'kysely';
import { AWARD_AMOUNT_KEYS, type AwardAmounts } from '../../../common/schemas/scholarships.js';
import type { Database } from '../../db/types.js';

/** Whole taka per grade as the settings hold them now (stored checked; a missing row reads as zero). */
export async function awardAmounts(db: Kysely<Database>): Promise<AwardAmounts> {
  const rows = await db.selectFrom('setting_values').select(['key', 'value']).where('key', 'in', Object.values(AWARD_AMOUNT_KEYS)).execute();
  const taka = (key: string) => {
    const value = Number(rows.find((row) => row.key === key)?.value ?? 0);
    return Number.isSafeInteger(value) && value >= 0 ? value : 0;
  };
  return { talent_pool: taka(AWARD_AMOUNT_KEYS.talent_pool), general: taka(AWARD_AMOUNT_KEYS.general) };
}
