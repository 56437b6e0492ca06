import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('starts on the embedded defaults: SQLite under ./data, port 8080, a local admin', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database).toMatchObject({ dialect: 'sqlite' });
    expect(config.database.dialect === 'sqlite' && config.database.file).toMatch(/data\/app\.sqlite$/);
    expect(config.admin.email).toBe('admin@example.com');
    expect(config.tokenTtlSeconds).toBe(30 * 86400);
  });

  it('prints PDFs with /usr/bin/chromium, two pages at once, unless told otherwise', () => {
    expect(loadConfig({}).pdf).toEqual({ chromiumPath: '/usr/bin/chromium', concurrency: 2 });
    expect(loadConfig({ CHROMIUM_PATH: '/opt/chromium/chrome', PDF_CONCURRENCY: '4' }).pdf).toEqual({ chromiumPath: '/opt/chromium/chrome', concurrency: 4 });
  });

  it('reads PostgreSQL from DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/app' }).database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/app' });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/app'],
    ['TOKEN_TTL', 'forever'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail'],
    ['REDIS_URL', 'localhost:6379'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['STORAGE', 'ftp'],
    ['S3_ENDPOINT', 'not a url'],
    ['SMS_GATEWAY_URL', 'ftp://gateway/send?to={to}&text={message}'],
    ['SMS_GATEWAY_URL', 'https://gateway/send?text={message}'],
    ['SMS_GATEWAY_METHOD', 'PUT'],
    ['NOTICE_REMINDER_DAYS', 'soon'],
    ['PDF_CONCURRENCY', '0'],
    ['PDF_CONCURRENCY', 'many'],
  ])('names %s when its value %s is wrong', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('sends SMS to DATA_DIR/sms by default, or to the HTTP gateway the SMS_GATEWAY_ variables describe', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).sms).toEqual({ driver: 'file', dir: '/srv/data/sms' });
    expect(loadConfig({ SMS_GATEWAY_URL: 'https://sms.example/api?user=u&to={to}&msg={message}', SMS_GATEWAY_AUTH: 'Basic dTpw' }).sms).toEqual({
      driver: 'http',
      url: 'https://sms.example/api?user=u&to={to}&msg={message}',
      method: 'GET',
      body: undefined,
      contentType: 'application/x-www-form-urlencoded',
      authorization: 'Basic dTpw',
    });
    const post = { SMS_GATEWAY_URL: 'https://sms.example/api', SMS_GATEWAY_METHOD: 'POST', SMS_GATEWAY_BODY: 'to={to}&text={message}' };
    expect(loadConfig(post).sms).toMatchObject({ driver: 'http', method: 'POST', body: 'to={to}&text={message}' });
    expect(() => loadConfig({ ...post, SMS_GATEWAY_BODY: 'to={to}' })).toThrow(/SMS_GATEWAY_URL: \{message\} must appear in the URL or SMS_GATEWAY_BODY/);
    expect(() => loadConfig({ ...post, SMS_GATEWAY_METHOD: 'GET' })).toThrow(/SMS_GATEWAY_URL: \{to\} and \{message\} must appear in the URL/);
    expect(loadConfig({}).outbox.reminderDays).toBe(3);
    expect(loadConfig({ NOTICE_REMINDER_DAYS: '7' }).outbox.reminderDays).toBe(7);
  });

  it("turns results by SMS on with SMS_INBOUND_SECRET, reading the gateway's names and the reply limit", () => {
    expect(loadConfig({}).smsInbound).toBeNull();
    expect(loadConfig({ SMS_INBOUND_SECRET: 'a-secret-of-16-ch' }).smsInbound).toEqual({
      secret: 'a-secret-of-16-ch',
      secretIn: { header: 'x-sms-secret' },
      fields: { sender: 'from', text: 'message', id: undefined },
      replies: { max: 5, windowSeconds: 3600 },
    });
    const gateway = {
      SMS_INBOUND_SECRET: 'a-secret-of-16-ch',
      SMS_INBOUND_SECRET_HEADER: 'X-Gateway-Key',
      SMS_INBOUND_SENDER_FIELD: 'data.msisdn',
      SMS_INBOUND_TEXT_FIELD: 'sms_text',
      SMS_INBOUND_ID_FIELD: 'sms_id',
      SMS_INBOUND_REPLY_LIMIT: '3',
      SMS_INBOUND_REPLY_WINDOW: '1d',
    };
    expect(loadConfig(gateway).smsInbound).toEqual({
      secret: 'a-secret-of-16-ch',
      secretIn: { header: 'x-gateway-key' },
      fields: { sender: 'data.msisdn', text: 'sms_text', id: 'sms_id' },
      replies: { max: 3, windowSeconds: 86_400 },
    });
    expect(loadConfig({ ...gateway, SMS_INBOUND_SECRET_FIELD: 'api_key' }).smsInbound?.secretIn).toEqual({ field: 'api_key' });
    for (const [name, value] of [
      ['SMS_INBOUND_SECRET', 'short'],
      ['SMS_INBOUND_SENDER_FIELD', 'from number'],
      ['SMS_INBOUND_ID_FIELD', 'data.'],
      ['SMS_INBOUND_REPLY_LIMIT', '0'],
      ['SMS_INBOUND_REPLY_WINDOW', 'hourly'],
    ]) {
      expect(() => loadConfig({ ...gateway, [name!]: value }), name).toThrow(new RegExp(`${name}:`));
    }
  });

  it('reads TRUST_PROXY as a hop count or the proxies\' addresses, never as "trust everything"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,loopback' }).trustProxy).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every hop/);
    for (const wrong of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '10.0.0.1,', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY: must be/);
    }
  });

  it('refuses to start in production without an admin password', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ADMIN_PASSWORD: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-secret', APP_URL: 'https://exam.example.org' }).env).toBe('production');
  });

  it('refuses to start in production without APP_URL, and warns without it in development', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-secret' })).toThrow(/APP_URL: required in production/);
    expect(loadConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-long-secret', APP_URL: 'https://exam.example.org/' })).toMatchObject({
      appUrl: 'https://exam.example.org',
      warnings: [],
    });
    expect(loadConfig({ PORT: '8090' }).warnings).toEqual([expect.stringMatching(/^APP_URL is not set: .*http:\/\/localhost:8090/)]);
    expect(loadConfig({ APP_URL: 'http://192.168.1.10:8080' }).warnings).toEqual([]);
  });

  it('keeps uploads under DATA_DIR/uploads by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/app' }).storage).toEqual({ driver: 'local', dir: '/srv/app/uploads' });
  });

  it('reads S3 storage and names each missing S3 variable', () => {
    const s3 = { STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).storage).toEqual({
      driver: 's3',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      expect(() => loadConfig({ ...s3, [name]: '' })).toThrow(ConfigError);
      expect(() => loadConfig({ ...s3, [name]: '' })).toThrow(new RegExp(`${name}: required when STORAGE=s3`));
    }
  });
});
