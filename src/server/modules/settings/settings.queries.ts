/** The admin's view of settings: groups with sub groups, and one sub group's values, in their positions. */
import type { Kysely } from 'kysely';
import type { SettingGroup, SettingValue } from '../../../common/schemas/settings.js';
import type { Database } from '../../db/types.js';

export async function settingGroups(db: Kysely<Database>): Promise<SettingGroup[]> {
  const groups = await db.selectFrom('setting_groups').select(['id', 'title']).orderBy('position').orderBy('id').execute();
  const subGroups = await db.selectFrom('setting_sub_groups').select(['id', 'title', 'setting_group_id']).orderBy('position').orderBy('id').execute();
  return groups.map((group) => ({
    ...group,
    sub_group: subGroups.filter((sub) => sub.setting_group_id === group.id).map(({ id, title }) => ({ id, title })),
  }));
}

/** The values of sub group `subGroupId`, or null when it does not exist or is not in group `groupId`. */
export async function subGroupValues(db: Kysely<Database>, subGroupId: number, groupId: number): Promise<SettingValue[] | null> {
  const subGroup = await db
    .selectFrom('setting_sub_groups')
    .select('title')
    .where('id', '=', subGroupId)
    .where('setting_group_id', '=', groupId)
    .executeTakeFirst();
  if (!subGroup) return null;
  const values = await db
    .selectFrom('setting_values')
    .select(['id', 'key', 'type', 'title', 'value', 'width', 'height'])
    .where('setting_sub_group_id', '=', subGroupId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return values.map((value) => ({ ...value, setting_sub_group_title: subGroup.title }));
}
