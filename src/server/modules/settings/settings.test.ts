import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTING_KEYS, seasonSettings, seedSettings, siteSettings } from './settings.repository.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp } from '../../test/test-app.js';
import { bearer, multipart, png, upload } from '../media/media-test-helpers.js';

let t: TestApp;
let adminKey: string;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  adminKey = await adminToken(t);
  admin = client(t, adminKey);
});
afterAll(async () => t.close());

type Group = { id: number; title: string; sub_group: { id: number; title: string }[] };
type Value = {
  id: number;
  key: string;
  type: string;
  title: string;
  value: string | null;
  width: number | null;
  height: number | null;
  setting_sub_group_title: string;
};

async function groups(): Promise<Group[]> {
  return (await admin.get('/api/v1/settings/fields')).body.data as Group[];
}

async function subGroupOf(key: string): Promise<{ group: number; sub: number; values: Value[] }> {
  for (const group of await groups()) {
    for (const sub of group.sub_group) {
      const values = (await admin.get(`/api/v1/settings/${group.id}/${sub.id}/values`)).body.data as Value[];
      if (values.some((v) => v.key === key)) return { group: group.id, sub: sub.id, values };
    }
  }
  throw new Error(`no setting ${key}`);
}

const idOf = (values: Value[], key: string) => values.find((v) => v.key === key)!.id;

async function valueOf(key: string) {
  return await t.app.db.selectFrom('setting_values').select(['value', 'updated_at']).where('key', '=', key).executeTakeFirstOrThrow();
}

describe('who may use settings', () => {
  it('refuses anonymous callers (401) and institutes (403) on all three calls', async () => {
    const institute = client(t, (await instituteSession(t, 1)).token);
    const anonymous = client(t);
    const { group, sub } = await subGroupOf('site_name');
    for (const [caller, status] of [
      [anonymous, 401],
      [institute, 403],
    ] as const) {
      expect((await caller.get('/api/v1/settings/fields')).status).toBe(status);
      expect((await caller.get(`/api/v1/settings/${group}/${sub}/values`)).status).toBe(status);
      expect((await caller.post('/api/v1/settings/update', { id: sub, fields: {} })).status).toBe(status);
    }
  });
});

describe('reading settings', () => {
  it('lists the seeded groups and sub groups in their positions', async () => {
    const list = await groups();
    expect(list.map((g) => g.title)).toEqual(['সাইট', 'পেমেন্ট', 'বৃত্তি', 'এসএমএস ও ই-মেইল']);
    expect(list[0]!.sub_group.map((s) => s.title)).toEqual(['পরিচিতি', 'যোগাযোগ']);
    expect(list[1]!.sub_group.map((s) => s.title)).toEqual(['নিবন্ধন ফি ও হিসাব', 'নিবন্ধনের সময়সূচি ও বিলম্ব ফি']);
    expect(list[2]!.sub_group.map((s) => s.title)).toEqual(['বৃত্তির পরিমাণ', 'বৃত্তির টাকা পাঠানো']);
    expect(list[3]!.sub_group.map((s) => s.title)).toEqual(['ফল প্রকাশের বার্তা']);
  });

  it('answers the values of a sub group, with file sizes and the sub group title', async () => {
    const { values } = await subGroupOf('site_logo');
    expect(values.map((v) => v.key)).toEqual(['site_name', 'site_tagline', 'site_logo', 'site_favicon']);
    expect(values[0]).toMatchObject({ type: 'text', value: 'বৃত্তি পরীক্ষা নিবন্ধন', setting_sub_group_title: 'পরিচিতি' });
    expect(values[2]).toMatchObject({ type: 'file', value: null, width: 200, height: 200 });
    expect(values[3]).toMatchObject({ width: 64, height: 64 });
    expect((await subGroupOf('registration_fee')).values.find((v) => v.key === 'registration_fee')!.value).toBe('200');
  });

  it('answers 404 for an unknown sub group or one of another group', async () => {
    const [site, payment] = await groups();
    expect((await admin.get(`/api/v1/settings/${site!.id}/99999/values`)).status).toBe(404);
    expect((await admin.get(`/api/v1/settings/${payment!.id}/${site!.sub_group[0]!.id}/values`)).status).toBe(404);
    expect((await admin.get('/api/v1/settings/x/y/values')).status).toBe(404);
  });

  it('gives the public website its settings by key', async () => {
    const site = await siteSettings(t.app.db);
    expect(Object.keys(site).sort()).toEqual([...SITE_SETTING_KEYS].sort());
    expect(site).toMatchObject({ site_name: 'বৃত্তি পরীক্ষা নিবন্ধন', site_logo: null, contact_email: null });
  });
});

describe('updating settings', () => {
  it('takes fields[{id}][value] form data, changes only what was sent and bumps updated_at', async () => {
    const { sub, values } = await subGroupOf('contact_email');
    const before = await valueOf('contact_address');
    const form = new URLSearchParams({
      id: String(sub),
      [`fields[${idOf(values, 'contact_email')}][value]`]: 'Office@Example.TEST',
      [`fields[${idOf(values, 'contact_phone')}][value]`]: '+880 1712-345678',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/update',
      headers: { ...bearer(adminKey), 'accept-language': 'en', 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Data updated successfully.');
    expect((await valueOf('contact_email')).value).toBe('office@example.test');
    expect((await valueOf('contact_phone')).value).toBe('01712345678');
    expect(await valueOf('contact_address')).toEqual(before);
    expect((await valueOf('contact_email')).updated_at > before.updated_at).toBe(true);
  });

  it('takes JSON and multipart too, and the new value is read at once', async () => {
    const { sub, values } = await subGroupOf('site_name');
    const json = await admin.post('/api/v1/settings/update', { id: sub, fields: { [idOf(values, 'site_name')]: { value: 'নতুন সাইট' } } });
    expect(json.status).toBe(200);
    expect((await siteSettings(t.app.db)).site_name).toBe('নতুন সাইট');

    const body = await multipart([
      { name: 'id', value: String(sub) },
      { name: `fields[${idOf(values, 'site_tagline')}][value]`, value: 'জ্ঞানই শক্তি' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/update',
      headers: { ...bearer(adminKey), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await siteSettings(t.app.db)).site_tagline).toBe('জ্ঞানই শক্তি');
  });

  it('refuses a value of another sub group or an unknown id, changing nothing', async () => {
    const { sub, values } = await subGroupOf('site_name');
    const fee = await subGroupOf('registration_fee');
    const res = await admin.post('/api/v1/settings/update', {
      id: sub,
      fields: { [idOf(values, 'site_tagline')]: { value: 'changed?' }, [idOf(fee.values, 'registration_fee')]: { value: '1' }, 99999: { value: 'x' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      [`fields.${idOf(fee.values, 'registration_fee')}.value`]: ['This setting does not belong to this group.'],
      'fields.99999.value': ['This setting does not belong to this group.'],
    });
    expect((await valueOf('site_tagline')).value).not.toBe('changed?');
    expect((await valueOf('registration_fee')).value).toBe('200');
    expect((await admin.post('/api/v1/settings/update', { id: 99999, fields: {} })).body.data).toEqual({ id: ['Choose one of the listed values.'] });
  });

  it('checks each value by its key: fee, email, mobile, site name, length', async () => {
    const { sub, values } = await subGroupOf('registration_fee');
    const site = await subGroupOf('site_name');
    const contact = await subGroupOf('contact_email');
    const season = await subGroupOf('registration_closes');
    const cases: [number, number, string, string][] = [
      [season.sub, idOf(season.values, 'registration_closes'), '2026-02-30', 'Enter a valid date.'],
      [season.sub, idOf(season.values, 'late_fee_from'), '31/12/2026', 'Enter a valid date.'],
      [season.sub, idOf(season.values, 'late_fee'), 'fifty', 'Enter a valid number.'],
      [sub, idOf(values, 'registration_fee'), 'abc', 'Enter a whole number greater than zero.'],
      [sub, idOf(values, 'registration_fee'), '0', 'Enter a whole number greater than zero.'],
      [sub, idOf(values, 'registration_fee'), '12.5', 'Enter a whole number greater than zero.'],
      [sub, idOf(values, 'registration_fee'), '', 'This field is required.'],
      [sub, idOf(values, 'bkash_number'), '12345', 'Enter a valid Bangladeshi mobile number (e.g. 01712345678).'],
      [contact.sub, idOf(contact.values, 'contact_email'), 'not-mail', 'Enter a valid email address.'],
      [site.sub, idOf(site.values, 'site_name'), '  ', 'This field is required.'],
      [site.sub, idOf(site.values, 'site_tagline'), 'x'.repeat(1001), 'At most 1000 characters.'],
    ];
    for (const [subId, id, value, message] of cases) {
      const res = await admin.post('/api/v1/settings/update', { id: subId, fields: { [id]: { value } } });
      expect(res.status, value).toBe(422);
      expect(res.body.data, value).toEqual({ [`fields.${id}.value`]: [message] });
    }
    const invalidMobile = (await admin.post('/api/v1/settings/update', { id: sub, fields: { [idOf(values, 'bkash_number')]: { value: '12345' } } })).body
      .data as Record<string, string[]>;
    expect(Object.values(invalidMobile)[0]![0]).toMatch(/mobile/i);
  });

  it('stores the season calendar as days, Bengali digits read, blank as no limit', async () => {
    const { sub, values } = await subGroupOf('registration_closes');
    const res = await admin.post('/api/v1/settings/update', {
      id: sub,
      fields: {
        [idOf(values, 'registration_closes')]: { value: '২০২৬-১২-৩১' },
        [idOf(values, 'late_fee')]: { value: '৫০' },
        [idOf(values, 'registration_opens')]: { value: ' ' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await seasonSettings(t.app.db)).toMatchObject({ registrationCloses: '2026-12-31', lateFee: 50, registrationOpens: null });
  });

  it('keeps the results-to-guardians switch off by default, on or off as sent, and refuses anything else', async () => {
    const { sub, values } = await subGroupOf('guardian_result_sms');
    const id = idOf(values, 'guardian_result_sms');
    expect((await valueOf('guardian_result_sms')).value).toBe('0');
    const bad = await admin.post('/api/v1/settings/update', { id: sub, fields: { [id]: { value: 'yes' } } });
    expect(bad.status).toBe(422);
    expect((await valueOf('guardian_result_sms')).value).toBe('0');
    expect((await admin.post('/api/v1/settings/update', { id: sub, fields: { [id]: { value: '1' } } })).status).toBe(200);
    expect((await valueOf('guardian_result_sms')).value).toBe('1');
    expect((await admin.post('/api/v1/settings/update', { id: sub, fields: { [id]: { value: '' } } })).status).toBe(200);
    expect((await valueOf('guardian_result_sms')).value).toBe('0');
  });

  it('refuses more fields than a settings form has with a 422, not a database error', async () => {
    const { sub } = await subGroupOf('site_name');
    const fields = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [String(i + 1), { value: 'x' }]));
    const res = await admin.post('/api/v1/settings/update', { id: sub, fields });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ fields: ['At most 200 settings can be saved at once.'] });
  });

  it('is all or nothing: a bad fee keeps the good bKash number from being saved', async () => {
    const { sub, values } = await subGroupOf('registration_fee');
    const res = await admin.post('/api/v1/settings/update', {
      id: sub,
      fields: { [idOf(values, 'bkash_number')]: { value: '01812345678' }, [idOf(values, 'registration_fee')]: { value: 'abc' } },
    });
    expect(res.status).toBe(422);
    expect((await valueOf('bkash_number')).value).toBeNull();
    expect((await valueOf('registration_fee')).value).toBe('200');
  });

  it('reads a fee in Bengali digits, and the registration fee maths follows', async () => {
    const { sub, values } = await subGroupOf('registration_fee');
    const res = await admin.post('/api/v1/settings/update', { id: sub, fields: { [idOf(values, 'registration_fee')]: { value: '৩০০' } } });
    expect(res.status).toBe(200);
    expect((res.body.data as Value[]).find((v) => v.key === 'registration_fee')!.value).toBe('300');
    expect((await seasonSettings(t.app.db)).fee).toBe(300);
    const info = await admin.get('/api/v1/scholarship-payments/deposit-info');
    expect(info.body.data).toMatchObject({ fee: 300 });
  });

  it('takes an uploaded image as a file value, and refuses unknown paths and PDFs', async () => {
    const { sub, values } = await subGroupOf('site_logo');
    const logoId = idOf(values, 'site_logo');
    const logo = (await upload(t.app, [{ name: 'photo', file: await png(400, 400), filename: 'logo.png' }], bearer(adminKey))).body.data as string;
    const ok = await admin.post('/api/v1/settings/update', { id: sub, fields: { [logoId]: { value: `/${logo}` } } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await siteSettings(t.app.db)).site_logo).toBe(logo);

    const pdfPath = (
      await upload(
        t.app,
        [{ name: 'file', file: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), filename: 'a.pdf' }],
        bearer(adminKey),
      )
    ).body.data as string;
    for (const [value, message] of [
      [`uploads/files/${'a'.repeat(32)}.png`, 'This file was not uploaded here.'],
      [pdfPath, 'Give an image.'],
      ['../../package.json', 'The file path is not valid.'],
    ] as const) {
      const res = await admin.post('/api/v1/settings/update', { id: sub, fields: { [logoId]: { value } } });
      expect(res.body.data, value).toEqual({ [`fields.${logoId}.value`]: [message] });
    }
    const cleared = await admin.post('/api/v1/settings/update', { id: sub, fields: { [logoId]: { value: '/null' } } });
    expect(cleared.status).toBe(200);
    expect((await siteSettings(t.app.db)).site_logo).toBeNull();
  });

  it('seeding again never overwrites what an admin set', async () => {
    await t.app.db.updateTable('setting_values').set({ value: 'কেউ একজন' }).where('key', '=', 'site_name').execute();
    await seedSettings(t.app.db);
    expect((await valueOf('site_name')).value).toBe('কেউ একজন');
    expect(await t.app.db.selectFrom('setting_values').select('key').execute()).toHaveLength(20);
  });
});
