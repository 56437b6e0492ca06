import { describe, expect, it } from 'vitest';
import type { SettingValue } from '../../../common/schemas/settings';
import { settingsDefaults, settingsSchema, settingsUpdateBody, settingsUpdatePath } from './settingsForm';

const setting = (id: number, key: string, type: 'text' | 'file', value: string | null): SettingValue => ({
  id,
  key,
  type,
  title: key,
  value,
  width: type === 'file' ? 200 : null,
  height: type === 'file' ? 200 : null,
  setting_sub_group_title: 'sub',
});

const values = [
  setting(3, 'site_name', 'text', 'বৃত্তি'),
  setting(4, 'bkash_number', 'text', null),
  setting(7, 'site_logo', 'file', 'uploads/settings/0123456789abcdef0123456789abcdef.png'),
];

describe('the settings form', () => {
  it('holds each value at fields.{id}.value, unset ones empty', () => {
    expect(settingsDefaults(values)).toEqual({
      fields: { '3': { value: 'বৃত্তি' }, '4': { value: '' }, '7': { value: 'uploads/settings/0123456789abcdef0123456789abcdef.png' } },
    });
  });

  it('posts the sub group id and every value', () => {
    expect(settingsUpdateBody(9, { fields: { '3': { value: 'New name' }, '4': { value: '' } } })).toEqual({
      id: 9,
      fields: { '3': { value: 'New name' }, '4': { value: '' } },
    });
  });

  it('refuses what the server refuses, under the value it concerns', () => {
    const result = settingsSchema(values).safeParse({ fields: { '3': { value: ' ' }, '4': { value: '12345' }, '7': { value: '../../package.json' } } });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(issues).toEqual({ 'fields.3.value': 'required', 'fields.4.value': 'invalid_mobile', 'fields.7.value': 'invalid_path' });
  });

  it('accepts good values, a cleared image and Bengali digits in a mobile number', () => {
    const result = settingsSchema(values).safeParse({ fields: { '3': { value: 'Site' }, '4': { value: '০১৭১১২২৩৩৪৪' }, '7': { value: '' } } });
    expect(result.success).toBe(true);
  });

  it('links a sub group below the section', () => {
    expect(settingsUpdatePath('/settings', 2, 5)).toBe('/settings/update/2/5');
  });
});
