/**
 * The settings form's data (spec §3 setting value, §7 Settings): one input per value, held at
 * `fields.{id}.value` so a 422's `fields.12.value` lands under its input, and checked on the client
 * with the rules the server applies (checkSettingValue).
 */
import { z } from 'zod';
import { checkSettingValue, type SettingValue } from '../../../common/schemas/settings';

export type SettingsFormValues = { fields: Record<string, { value: string }> };

/** The stored values as the form's text ('' for a value not set). */
export function settingsDefaults(values: readonly SettingValue[]): SettingsFormValues {
  return { fields: Object.fromEntries(values.map((setting) => [String(setting.id), { value: setting.value ?? '' }])) };
}

/** The sub group's form schema: each value checked by its key and type, as the server checks it. */
export function settingsSchema(values: readonly SettingValue[]) {
  return z.object({
    fields: z.object(
      Object.fromEntries(
        values.map((setting) => [
          String(setting.id),
          z.object({
            value: z.unknown().superRefine((input, ctx) => {
              const checked = checkSettingValue(setting, input);
              if ('error' in checked) ctx.addIssue({ code: 'custom', message: checked.error });
            }),
          }),
        ]),
      ),
    ),
  });
}

/** POST /api/v1/settings/update's JSON body: the sub group id and `fields[{id}][value]` for each value. */
export function settingsUpdateBody(subGroupId: number, form: SettingsFormValues): { id: number; fields: Record<string, { value: string }> } {
  return { id: subGroupId, fields: Object.fromEntries(Object.entries(form.fields).map(([id, { value }]) => [id, { value: value ?? '' }])) };
}

/** The settings screens' paths below the section: the overview, and a sub group's form. */
export const settingsUpdatePath = (base: string, groupId: number, subGroupId: number) => `${base}/update/${groupId}/${subGroupId}`;
