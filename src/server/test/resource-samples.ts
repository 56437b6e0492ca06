/**
 * A valid form body for every writable resource, so the authorization matrix and the fuzzing can
 * create real rows. A resource without a sample fails those suites by name until one is added here.
 */
import { client, someAddress, validRegistration } from './test-app.js';

export type Api = ReturnType<typeof client>;

/** `n` makes unique values (emails, transaction ids); `ownerId` is the institute a row belongs to. */
export type SampleContext = { n: number; ownerId: number; admin: Api };

type Sample = (ctx: SampleContext) => Promise<Record<string, unknown>> | Record<string, unknown>;

const address = someAddress();

export const samples: Record<string, Sample> = {
  users: ({ n }) => validRegistration(5000 + n),
  'user-roles': ({ n }) => ({ title: `Role ${n}` }),
  'scholarship-registrations': ({ n, ownerId }) => ({
    institute_id: ownerId,
    class: '04',
    class_roll: String(n),
    gender: 'f',
    department: 'p',
    name_bangla: 'সুমাইয়া আক্তার',
    name_english: `sumaiya akter ${n}`,
    father_name_english: 'abdul karim',
    mother_name_english: 'rokeya begum',
    contact_number: '01911000000',
    post_office: 'Savar',
    division_id: address.division_id,
    zilla_id: address.zilla_id,
    upozilla_id: address.upozilla_id,
  }),
  'scholarship-payments': ({ n, ownerId }) => ({ institute_id: ownerId, payment_method: 'bkash', amount: 200, transaction_id: `TRX${n}X`, date: '2026-01-15' }),
  'web-page-menu': ({ n }) => ({ title: `Menu ${n}`, content_url: `/menu-${n}` }),
  'web-page-sub-menu': async ({ n, admin }) => {
    const menu = await admin.post('/api/v1/web-page-menu/store', { title: `Parent ${n}`, content_url: `/parent-${n}` });
    return { title: `Sub menu ${n}`, content_url: `/sub-${n}`, web_page_menu_id: (menu.body.data as { id: number }).id };
  },
  'blog-categories': ({ n }) => ({ title: `Blog category ${n}` }),
  'news-categories': ({ n }) => ({ title: `News category ${n}` }),
  'notice-categories': ({ n }) => ({ title: `Notice category ${n}` }),
  'page-build': ({ n }) => ({ title: `Page ${n}`, url: `page-${n}`, published_at: '2026-11-22T10:30' }),
  'exam-centres': ({ n }) => ({
    name_bn: `কেন্দ্র ${n}`,
    name_en: `Centre ${n}`,
    division_id: address.division_id,
    zilla_id: address.zilla_id,
    upozilla_id: address.upozilla_id,
    address: 'School Road',
    contact_name: 'Rahim',
    contact_mobile: '01711000222',
    capacity: 100,
    upazila_ids: [address.upozilla_id],
  }),
};
