/** Security policies an admin sets (security_policies): whether every admin must use two-factor login. */
import type { Db } from '../db/handles.js';

const ADMIN_TWO_FACTOR = 'admin_two_factor_required';

export async function adminsMustUseTwoFactor(db: Db): Promise<boolean> {
  const row = await db.selectFrom('security_policies').select('value').where('key', '=', ADMIN_TWO_FACTOR).executeTakeFirst();
  return row?.value === '1';
}

export async function setAdminsMustUseTwoFactor(db: Db, required: boolean): Promise<void> {
  const value = required ? '1' : '0';
  await db
    .insertInto('security_policies')
    .values({ key: ADMIN_TWO_FACTOR, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
