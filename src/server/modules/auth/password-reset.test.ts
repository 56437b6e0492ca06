import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../../common/messages.js';
import { json, startTestApp, type TestApp, validRegistration } from '../../test/test-app.js';
import { mailedTexts } from '../../test/mail-folder.js';

const en = { 'accept-language': 'en' };

/** A real SMTP peer on a free local port that keeps every message it receives. */
async function startSmtpPeer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitFor<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Mail bodies are quoted-printable; the temporary password is the token after 'Your temporary password: '. */
function temporaryPasswordIn(mail: string): string {
  const decoded = mail.replace(/=\r?\n/g, '');
  const match = /Your temporary password: (\w+)/.exec(decoded);
  if (!match) throw new Error('no temporary password in the mail');
  return match[1]!;
}

function forget(t: TestApp, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/forget-password', headers: en, payload: { email } });
}

function login(t: TestApp, email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', headers: en, payload: { email, password } });
}

describe('forget password over a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const account = validRegistration(40);
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Scholarship <no-reply@example.test>' });
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const unknown = await forget(t, 'nobody@example.test');
    const known = await forget(t, String(account.email));
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const mail = await waitFor(async () => smtp.received[0], 'the reset mail');
    expect(smtp.received).toHaveLength(1);
    expect(mail).toMatch(/To: school40@example\.test/);
  });

  it('mails a temporary password that works beside the old one and then becomes the password', async () => {
    const temporary = temporaryPasswordIn(smtp.received[0]!);
    expect((await login(t, String(account.email), String(account.password))).statusCode).toBe(200);
    const withTemporary = await login(t, String(account.phone_number), temporary);
    expect(withTemporary.statusCode).toBe(200);
    expect((json(withTemporary).data as { user: { must_change_password: boolean } }).user.must_change_password).toBe(true);
    expect((await login(t, String(account.phone_number), temporary)).statusCode).toBe(200);
    expect((await login(t, String(account.phone_number), String(account.password))).statusCode).toBe(422);
  });

  it('refuses a temporary password after its hour is over', async () => {
    const before = smtp.received.length;
    await forget(t, String(account.email));
    const mail = await waitFor(async () => smtp.received[before], 'the second reset mail');
    await t.app.db.updateTable('password_resets').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await login(t, String(account.email), temporaryPasswordIn(mail))).statusCode).toBe(422);
  });

  it('refuses a malformed address with a 422 on email', async () => {
    const res = await forget(t, 'not-an-address');
    expect(res.statusCode).toBe(422);
    expect(json(res).data).toEqual({ email: ['Enter a valid email address.'] });
  });
});

describe('forget password with the default mail folder', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: validRegistration(41) });
  });
  afterAll(async () => t.close());

  it('writes the mail as an .eml file under DATA_DIR/mail', async () => {
    await forget(t, 'school41@example.test');
    // Whatever else the folder holds, the reset is the mail with a password in it.
    const mail = await waitFor(async () => (await mailedTexts(t.dataDir)).find((text) => text.includes('Your temporary password')), 'the reset mail');
    expect(temporaryPasswordIn(mail)).toMatch(/^\w{10}$/);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('throttles repeated logins against one account with a 429 and a message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await login(t, 'target@example.test', `guess-${i}`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    const blocked = await login(t, 'target@example.test', 'guess-final');
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked)).toEqual({ message: translate('en', 'login_locked'), data: null });
    expect((await login(t, 'someone-else@example.test', 'x')).statusCode).toBe(422);
  });

  it('throttles one address trying many accounts', async () => {
    const ip = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: `user${i}@example.test`, password: 'x' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 60).includes(429)).toBe(false);
    expect(statuses[60]).toBe(429);
  });

  it('throttles reset requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await forget(t, `flood${i}@example.test`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it('throttles registrations from one address', async () => {
    const ip = '198.51.100.9';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await t.app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: ip, payload: { name: '' } })).statusCode;
    }
    expect(last).toBe(429);
  });
});
