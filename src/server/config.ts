/**
 * Configuration from the environment (architecture §6), validated once at start so a wrong value
 * stops the server with a message that names the variable, instead of failing later.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const DEV_ADMIN_EMAIL = 'admin@example.com';
const DEV_ADMIN_PASSWORD = 'admin12345';

/** '30d', '12h', '15m', '45s' or plain seconds → seconds. */
function parseDuration(value: string): number | undefined {
  const match = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!match) return undefined;
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

/** proxy-addr's names for whole ranges (fastify hands TRUST_PROXY's list to it). */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: which peers may tell the client's address in X-Forwarded-For. `false`; a hop count (`1`
 * behind one proxy: the last address the proxy appended is the client); or the proxies' own addresses
 * (IPs, CIDR ranges, `loopback`…, comma-separated), the stronger form, since a hop count also believes
 * a client that reaches the server directly. `true` (every hop) would let any client name its own
 * address for the rate limits and the audit log, so it is refused, not kept for old set-ups.
 */
function parseTrustProxy(value: string): false | number | string[] | undefined {
  if (value === 'false' || value === '0') return false;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

const TrustProxy = z
  .string()
  .default('false')
  .refine((v) => v !== 'true', 'true would trust every hop: give the number of proxies (1) or their addresses (10.0.0.5,10.0.1.0/24)')
  .refine((v) => v === 'true' || parseTrustProxy(v) !== undefined, 'must be false, a hop count (1) or proxy addresses (10.0.0.5,10.0.1.0/24,loopback)')
  .transform((v) => parseTrustProxy(v) as false | number | string[]);

/**
 * METRICS_ALLOW: the addresses that may read /metrics (IPs, CIDR ranges, `loopback`, `uniquelocal`…,
 * comma-separated), or `off` for no /metrics at all. Loopback only by default: the metrics tell how busy
 * the season is, which is nobody else's business.
 */
const MetricsAllow = z
  .string()
  .default('loopback')
  .refine((v) => v === 'off' || v.split(',').every((entry) => isProxyAddress(entry.trim())), 'must be off or addresses (127.0.0.1,10.0.0.0/8,loopback)')
  .transform((v) => (v === 'off' ? false : v.split(',').map((entry) => entry.trim())));

const SMS_PLACEHOLDER = /\{(to|message)\}/g;

/** An SMS gateway's URL template: http(s) once its placeholders are filled in. */
const SmsGatewayUrl = z.string().refine((v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v.replace(SMS_PLACEHOLDER, 'x')).protocol);
  } catch {
    return false;
  }
}, 'must be an http:// or https:// URL template with {to} and {message} placeholders');

/** A header's or a gateway's field name: a dotted path reaches into a JSON body (`data.from`). */
const FieldName = z.string().regex(/^[\w-]+(\.[\w-]+)*$/, 'must be a field name (letters, digits, _ and -; dots between the parts of a JSON path)');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'must start with postgres://, postgresql:// or sqlite:')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Scholarship <no-reply@localhost>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  TOKEN_TTL: z
    .string()
    .default('30d')
    .refine((v) => (parseDuration(v) ?? 0) > 0, 'must be a duration like 30d, 12h, 90m or seconds'),
  SITE_HOST: z.string().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxy,
  SQLITE_OPTIMIZE: z.enum(['on', 'off']).default('on'),
  METRICS_ALLOW: MetricsAllow,
  STORAGE: z.enum(['local', 's3']).default('local'),
  UPLOAD_RATE: z.coerce.number().int().min(1).default(60),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).default(200),
  IMPORT_RATE: z.coerce.number().int().min(1).default(30),
  IMPORT_CONCURRENCY: z.coerce.number().int().min(1).default(2),
  MEDIA_CLEANUP_EVERY: z
    .string()
    .default('6h')
    .refine((v) => v === 'off' || (parseDuration(v) ?? 0) > 0, 'must be a duration like 6h, 30m, seconds, or off'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  SMS_GATEWAY_URL: SmsGatewayUrl.optional(),
  SMS_GATEWAY_METHOD: z.enum(['GET', 'POST']).default('GET'),
  SMS_GATEWAY_BODY: z.string().optional(),
  SMS_GATEWAY_CONTENT_TYPE: z.string().min(3).default('application/x-www-form-urlencoded'),
  SMS_GATEWAY_AUTH: z.string().min(1).optional(),
  NOTICE_REMINDER_DAYS: z.coerce.number().int().min(0).max(60).default(3),
  SMS_RATE_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(30),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  PDF_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  // Results by SMS (docs/operators/configuration.md): off without a secret.
  SMS_INBOUND_SECRET: z.string().min(16, 'must be at least 16 characters (the gateway sends it with every message)').optional(),
  SMS_INBOUND_SECRET_HEADER: FieldName.default('x-sms-secret'),
  SMS_INBOUND_SECRET_FIELD: FieldName.optional(),
  SMS_INBOUND_SENDER_FIELD: FieldName.default('from'),
  SMS_INBOUND_TEXT_FIELD: FieldName.default('message'),
  SMS_INBOUND_ID_FIELD: FieldName.optional(),
  SMS_INBOUND_REPLY_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  SMS_INBOUND_REPLY_WINDOW: z
    .string()
    .default('1h')
    .refine((v) => (parseDuration(v) ?? 0) > 0, 'must be a duration like 1h, 30m or seconds'),
});

export type StorageConfig =
  { driver: 'local'; dir: string } | { driver: 's3'; endpoint?: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };

/**
 * Where SMS go: a file per message in DATA_DIR/sms, or a gateway's HTTP API, its URL (and body) a
 * template whose {to} and {message} are filled in, encoded for where they stand.
 */
export type SmsConfig =
  { driver: 'file'; dir: string } | { driver: 'http'; url: string; method: 'GET' | 'POST'; body?: string; contentType: string; authorization?: string };

/**
 * Results by SMS (modules/sms-inbound): the gateway's callback proves itself with `secret` in a header or a
 * field, and names the sender, the text and (when it has one) its message id in fields of its own naming;
 * each sender gets at most `replies.max` replies in a window of `replies.windowSeconds`.
 */
export type SmsInboundConfig = {
  secret: string;
  secretIn: { header: string } | { field: string };
  fields: { sender: string; text: string; id?: string };
  replies: { max: number; windowSeconds: number };
};

/** The outbox's dispatcher (src/server/modules/notices/dispatcher.ts). */
export type OutboxConfig = {
  /** The first retry waits this long, each next one twice as long as the one before. */
  retryBaseMs: number;
  /** After this many failed attempts a message is `failed` (the admin can retry it). */
  maxAttempts: number;
  /** How often due messages are looked for besides the wake-up after each queueing commit. */
  pollMs: number;
  /** Reminders go out this many days before `registration_closes` (0: none). */
  reminderDays: number;
  /** SMS handed to the gateway a second, at most, by each server's dispatcher (mail is not paced). */
  smsPerSecond: number;
};

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  appUrl: string;
  /** What the server says at start about a configuration it runs with but should not (a guessed APP_URL). */
  warnings: readonly string[];
  dataDir: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  /** SQLite: gather planner statistics at start and hourly (db/planner-statistics.ts) and merge the names' index hourly (registrations/names-index-upkeep.ts); off only to measure what they are worth. */
  sqliteOptimize: boolean;
  smtpUrl?: string;
  mailFrom: string;
  admin: { email: string; password: string };
  tokenTtlSeconds: number;
  siteHost?: string;
  /** Shared state of several app servers (rate-limit counters, site cache invalidation); absent: in process. */
  redisUrl?: string;
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Who may read /metrics (METRICS_ALLOW): addresses and ranges, or false for no /metrics. */
  metricsAllow: false | string[];
  /** Where uploaded files live: DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: StorageConfig;
  sms: SmsConfig;
  /** Null: no secret set, so the inbound SMS route answers 404. */
  smsInbound: SmsInboundConfig | null;
  outbox: OutboxConfig;
  /**
   * Logged-in uploads: at most `perTenMinutes` per account in 10 minutes, and at most `quotaBytes` stored
   * per account (admins excepted); files nothing refers to are removed a day after their upload, every
   * `cleanupEverySeconds` (null: only by `npm run media:cleanup`).
   */
  uploads: { perTenMinutes: number; quotaBytes: number; cleanupEverySeconds: number | null };
  /** Sheet imports (registrations, marks): at most `perTenMinutes` per account in 10 minutes, `concurrent` at once across the process. */
  imports: { perTenMinutes: number; concurrent: number };
  /** Rate limiting can be switched off only by tests that hammer an endpoint for another reason. */
  rateLimit: boolean;
  /**
   * A list search's total is counted up to this many rows; past it the list says "more than" this and
   * pages through the newest matches (a common surname matches a twentieth of a season or more: counting
   * every match would cost far more than the page an admin reads). Tests lower it.
   */
  searchCountCap: number;
  /**
   * The PDF generator (architecture §9): the Chromium it prints with, and how many Chromium pages may
   * render at once across the process (each holds a part's images and layout: the memory budget).
   */
  pdf: PdfConfig;
  /** Where the built client lives; absent in API-only tests. */
  webRoot?: string;
};

export type PdfConfig = { chromiumPath: string; concurrency: number };

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // Admit cards and mails print APP_URL: a guessed localhost address would send a whole season to nowhere.
  const requiredInProduction = [
    ...(e.ADMIN_PASSWORD ? [] : ['  ADMIN_PASSWORD: required in production (the first admin is created with it)']),
    ...(e.APP_URL ? [] : ['  APP_URL: required in production (the public address printed on admit cards and in mails)']),
  ];
  if (production && requiredInProduction.length > 0) throw new ConfigError(`Invalid configuration:\n${requiredInProduction.join('\n')}`);
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
    if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: required when STORAGE=s3`).join('\n')}`);
  }
  const storage: StorageConfig =
    e.STORAGE === 's3'
      ? {
          driver: 's3',
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET as string,
          accessKeyId: e.S3_ACCESS_KEY_ID as string,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
        }
      : { driver: 'local', dir: path.join(dataDir, 'uploads') };
  const sms = smsConfig(e, dataDir);
  const database: Config['database'] = e.DATABASE_URL?.startsWith('postgres')
    ? { dialect: 'postgres', url: e.DATABASE_URL }
    : { dialect: 'sqlite', file: e.DATABASE_URL ? path.resolve(e.DATABASE_URL.slice('sqlite:'.length)) : path.join(dataDir, 'app.sqlite') };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    warnings:
      e.APP_URL || e.NODE_ENV === 'test'
        ? []
        : [`APP_URL is not set: admit cards and mails will print http://localhost:${e.PORT}, an address nobody else can open`],
    dataDir,
    database,
    sqliteOptimize: e.SQLITE_OPTIMIZE === 'on',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin: { email: e.ADMIN_EMAIL ?? DEV_ADMIN_EMAIL, password: e.ADMIN_PASSWORD ?? DEV_ADMIN_PASSWORD },
    tokenTtlSeconds: parseDuration(e.TOKEN_TTL) as number,
    siteHost: e.SITE_HOST,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    metricsAllow: e.METRICS_ALLOW,
    storage,
    sms,
    smsInbound: smsInboundConfig(e),
    outbox: { retryBaseMs: 30_000, maxAttempts: 8, pollMs: 5_000, reminderDays: e.NOTICE_REMINDER_DAYS, smsPerSecond: e.SMS_RATE_PER_SECOND },
    uploads: {
      perTenMinutes: e.UPLOAD_RATE,
      quotaBytes: e.UPLOAD_QUOTA_MB * 1_000_000,
      cleanupEverySeconds: e.MEDIA_CLEANUP_EVERY === 'off' ? null : (parseDuration(e.MEDIA_CLEANUP_EVERY) as number),
    },
    imports: { perTenMinutes: e.IMPORT_RATE, concurrent: e.IMPORT_CONCURRENCY },
    rateLimit: true,
    searchCountCap: 10_000,
    pdf: { chromiumPath: e.CHROMIUM_PATH, concurrency: e.PDF_CONCURRENCY },
  };
}

function smsConfig(e: z.output<typeof EnvSchema>, dataDir: string): SmsConfig {
  if (!e.SMS_GATEWAY_URL) return { driver: 'file', dir: path.join(dataDir, 'sms') };
  const template = `${e.SMS_GATEWAY_URL} ${e.SMS_GATEWAY_METHOD === 'POST' ? (e.SMS_GATEWAY_BODY ?? '') : ''}`;
  const missing = ['{to}', '{message}'].filter((placeholder) => !template.includes(placeholder));
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  SMS_GATEWAY_URL: ${missing.join(' and ')} must appear in the URL${e.SMS_GATEWAY_METHOD === 'POST' ? ' or SMS_GATEWAY_BODY' : ''}`,
    );
  }
  if (e.SMS_GATEWAY_BODY && e.SMS_GATEWAY_METHOD !== 'POST')
    throw new ConfigError('Invalid configuration:\n  SMS_GATEWAY_BODY: only sent with SMS_GATEWAY_METHOD=POST');
  return {
    driver: 'http',
    url: e.SMS_GATEWAY_URL,
    method: e.SMS_GATEWAY_METHOD,
    body: e.SMS_GATEWAY_BODY,
    contentType: e.SMS_GATEWAY_CONTENT_TYPE,
    authorization: e.SMS_GATEWAY_AUTH,
  };
}

function smsInboundConfig(e: z.output<typeof EnvSchema>): SmsInboundConfig | null {
  if (!e.SMS_INBOUND_SECRET) return null;
  return {
    secret: e.SMS_INBOUND_SECRET,
    secretIn: e.SMS_INBOUND_SECRET_FIELD ? { field: e.SMS_INBOUND_SECRET_FIELD } : { header: e.SMS_INBOUND_SECRET_HEADER.toLowerCase() },
    fields: { sender: e.SMS_INBOUND_SENDER_FIELD, text: e.SMS_INBOUND_TEXT_FIELD, id: e.SMS_INBOUND_ID_FIELD },
    replies: { max: e.SMS_INBOUND_REPLY_LIMIT, windowSeconds: parseDuration(e.SMS_INBOUND_REPLY_WINDOW) as number },
  };
}
