/**
 * `npm run bench:seed -- --institutes 20000 --registrations 1000000 [--db sqlite:/path | --db postgres://…] [--seed 42] [--without-statistics]`
 *
 * A registration season as the app would have stored it: the schema from the app's own migrations and
 * seeds, then institutes, registrations (numbers, counters and sequences as the write path keeps them),
 * payments, pages and menus, bulk-loaded. The same seed gives the same rows. `--without-statistics` leaves out
 * the final ANALYZE: the file is then planned as one its users grew is, until the server gathers statistics
 * itself (db/planner-statistics.ts). Writes a session file
 * (accounts, tokens, samples) beside the data for `npm run bench`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { upazilas, districtById, divisionById } from '../src/common/geo/index.js';
import { openDatabase } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { INSTITUTE_CLASSES } from '../src/server/db/migrations/2026-11-23-registration-totals.js';
import { seedFirstAdmin, seedRoles } from '../src/server/db/seed.js';
import type { Database } from '../src/server/db/types.js';
import { hashPassword } from '../src/server/lib/passwords.js';
import { SEASON_FEES } from '../src/server/modules/registrations/registrations.repository.js';
import { seedSettings } from '../src/server/modules/settings/settings.repository.js';
import { DEFAULT_DB, databaseOf, prng, sessionFileOf, type Session } from './common.js';
import { FAMILY_NAMES, FEMALE_NAMES, INSTITUTE_KINDS, MALE_NAMES, type Pair } from './names.js';

export const BENCH_PASSWORD = 'bench-password-1';
export const ADMIN_EMAIL = 'admin@bench.example';
/** Institutes that get a ready token for the benchmark; more would only make the session file bigger. */
const TOKEN_INSTITUTES = 2000;
const BATCH = 10_000;

type ColumnType = 'int' | 'text';
type Table = { name: string; columns: readonly (readonly [string, ColumnType])[] };
type Row = (string | number | null)[];

/** Where the rows go: big prepared-statement transactions on SQLite, unnest() batches on PostgreSQL. */
interface Loader {
  insert(table: Table, rows: Row[]): Promise<void>;
  finish(): Promise<void>;
}

function sqliteLoader(file: string, analyze: boolean): Loader {
  const db = new SQLite(file);
  // Only for the load: a crash midway leaves a file to delete, not data anyone relies on.
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  db.pragma('temp_store = MEMORY');
  // The table's triggers (they keep the search index) are set aside for the load; the index is rebuilt at the end.
  const triggers = db.prepare(`select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'scholarship_registrations'`).all() as {
    name: string;
    sql: string;
  }[];
  for (const { name } of triggers) db.exec(`drop trigger ${name}`);
  const statements = new Map<string, SQLite.Statement>();
  return {
    async insert(table, rows) {
      let statement = statements.get(table.name);
      if (!statement) {
        statement = db.prepare(
          `insert into ${table.name} (${table.columns.map(([c]) => `"${c}"`).join(', ')}) values (${table.columns.map(() => '?').join(', ')})`,
        );
        statements.set(table.name, statement);
      }
      const run = statement;
      db.transaction(() => {
        for (const row of rows) run.run(row);
      })();
    },
    async finish() {
      db.exec(`insert into registrations_search(registrations_search) values ('rebuild')`);
      for (const trigger of triggers) db.exec(trigger.sql);
      db.pragma('synchronous = NORMAL');
      if (analyze) db.exec('analyze');
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

function postgresLoader(url: string, analyze: boolean): Loader {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    async insert(table, rows) {
      await connected;
      const columns = table.columns.map(([c]) => `"${c}"`).join(', ');
      const arrays = table.columns.map((_, i) => rows.map((row) => row[i]));
      const unnest = table.columns.map(([, type], i) => `$${i + 1}::${type === 'int' ? 'int' : 'text'}[]`).join(', ');
      await client.query(`insert into ${table.name} (${columns}) select * from unnest(${unnest})`, arrays);
    },
    async finish() {
      await connected;
      for (const table of ['users', 'scholarship_registrations', 'scholarship_payments', 'access_tokens', 'web_pages', 'web_page_menus']) {
        await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 1))`);
      }
      if (analyze) await client.query('analyze');
      await client.end();
    },
  };
}

/** A fresh database: the SQLite file removed, or the PostgreSQL database dropped and created again. */
async function freshDatabase(database: ReturnType<typeof databaseOf>): Promise<void> {
  if (database.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(database.file + suffix, { force: true });
    fs.mkdirSync(path.dirname(database.file), { recursive: true });
    return;
  }
  const url = new URL(database.url);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name ${name} must be lower-case letters, digits and _`);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

const REGISTRATION: Table = {
  name: 'scholarship_registrations',
  columns: [
    ['id', 'int'],
    ['institute_id', 'int'],
    ['reg_no', 'text'],
    ['roll_no', 'text'],
    ['full_name', 'text'],
    ['name_bangla', 'text'],
    ['name_english', 'text'],
    ['father_name_bangla', 'text'],
    ['father_name_english', 'text'],
    ['mother_name', 'text'],
    ['mother_name_english', 'text'],
    ['gender', 'text'],
    ['class', 'text'],
    ['class_roll', 'text'],
    ['department', 'text'],
    ['birth_certificate_no', 'text'],
    ['division_id', 'int'],
    ['zilla_id', 'int'],
    ['upozilla_id', 'int'],
    ['division', 'text'],
    ['zilla', 'text'],
    ['upozilla', 'text'],
    ['village', 'text'],
    ['post_office', 'text'],
    ['contact_number', 'text'],
    ['institute_name', 'text'],
    ['institute_name_english', 'text'],
    ['creator', 'int'],
    ['slug', 'text'],
    ['status', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
};

const USERS: Table = {
  name: 'users',
  columns: [
    ['id', 'int'],
    ['uid', 'text'],
    ['role_id', 'int'],
    ['name', 'text'],
    ['email', 'text'],
    ['phone_number', 'text'],
    ['slug', 'text'],
    ['status', 'int'],
    ['institute_type', 'text'],
    ['institute_level', 'text'],
    ['institute_name', 'text'],
    ['institute_name_english', 'text'],
    ['institute_management_type', 'text'],
    ['contact_person', 'text'],
    ['division_id', 'int'],
    ['zilla_id', 'int'],
    ['upozilla_id', 'int'],
    ['division', 'text'],
    ['zilla', 'text'],
    ['upozilla', 'text'],
    ['post_office', 'text'],
    ['password_hash', 'text'],
    ['must_change_password', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
};

const COUNTS: Table = {
  name: 'registration_counts',
  columns: [
    ['institute_id', 'int'],
    ['class', 'text'],
    ['gender', 'text'],
    ['total', 'int'],
  ],
};

const PAYMENTS: Table = {
  name: 'scholarship_payments',
  columns: [
    ['id', 'int'],
    ['institute_id', 'int'],
    ['amount', 'int'],
    ['payment_method', 'text'],
    ['transaction_id', 'text'],
    ['date', 'text'],
    ['is_approved', 'int'],
    ['state', 'text'],
    ['approved_by', 'int'],
    ['approved_at', 'text'],
    ['creator', 'int'],
    ['slug', 'text'],
    ['status', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
};

const TOKENS: Table = {
  name: 'access_tokens',
  columns: [
    ['user_id', 'int'],
    ['token_hash', 'text'],
    ['created_at', 'text'],
    ['expires_at', 'text'],
  ],
};

const TOTALS: Table = {
  name: 'registration_totals',
  columns: [
    ['name', 'text'],
    ['total', 'int'],
  ],
};

const SEQUENCES: Table = {
  name: 'sequences',
  columns: [
    ['name', 'text'],
    ['value', 'int'],
  ],
};

const PAGES: Table = {
  name: 'web_pages',
  columns: [
    ['url', 'text'],
    ['title', 'text'],
    ['published_at', 'text'],
    ['content', 'text'],
    ['content_type', 'text'],
    ['meta_description', 'text'],
    ['slug', 'text'],
    ['status', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
};

const MENUS: Table = {
  name: 'web_page_menus',
  columns: [
    ['title', 'text'],
    ['content_url', 'text'],
    ['position', 'int'],
    ['is_published', 'int'],
    ['slug', 'text'],
    ['status', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
};

/** The year of the season in Bangladesh time, as the app numbers registrations. */
function seasonYear(): string {
  return String(new Date(Date.now() + 6 * 3600 * 1000).getUTCFullYear()).slice(2);
}

async function main() {
  const { values } = parseArgs({
    options: {
      institutes: { type: 'string', default: '200' },
      registrations: { type: 'string', default: '10000' },
      db: { type: 'string', default: DEFAULT_DB },
      seed: { type: 'string', default: '42' },
      'without-statistics': { type: 'boolean', default: false },
    },
  });
  const instituteCount = Number(values.institutes);
  const registrationCount = Number(values.registrations);
  const seed = Number(values.seed);
  if (!(instituteCount >= 1 && instituteCount <= 800_000 && registrationCount >= 0 && Number.isInteger(seed))) {
    throw new Error('--institutes 1…800000, --registrations ≥ 0 and an integer --seed');
  }
  const database = databaseOf(values.db);
  const started = performance.now();
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const token = () => createHash('sha256').update(String(random())).update(String(random())).digest('base64url');
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  await freshDatabase(database);
  const db: Kysely<Database> = openDatabase(database, (error) => console.error(error));
  await migrateToLatest(db as Kysely<unknown>);
  await seedRoles(db);
  await seedSettings(db);
  await seedFirstAdmin(db, { email: ADMIN_EMAIL, password: BENCH_PASSWORD });
  const admin = await db.selectFrom('users').select(['id', 'uid']).where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow();
  const instituteRole = await db.selectFrom('user_roles').select('id').where('slug', '=', 'institute').executeTakeFirstOrThrow();
  // One argon2 hash with the app's settings, shared by every generated account.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  // The migration counted an empty season; the load writes the season's totals.
  await db.deleteFrom('registration_totals').execute();
  await db.destroy();

  const analyze = !values['without-statistics'];
  const loader = database.dialect === 'sqlite' ? sqliteLoader(database.file, analyze) : postgresLoader(database.url, analyze);
  const seasonStart = Date.parse('2026-09-01T04:00:00Z');
  const seasonMs = 80 * 86400 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();

  type Institute = { id: number; name: string; nameEnglish: string; upazila: (typeof upazilas)[number] };
  const institutes: Institute[] = [];
  const session: Session = {
    seed,
    institutes: instituteCount,
    registrations: registrationCount,
    password: BENCH_PASSWORD,
    admin: { email: ADMIN_EMAIL, token: token() },
    instituteTokens: [],
    pendingPayments: [],
    samples: { regNos: [], mobiles: [], names: [] },
    pages: [],
    seededInSeconds: 0,
  };
  const expires = '2099-01-01T00:00:00.000Z';
  const tokens: Row[] = [[admin.id, sha256(session.admin.token), iso(seasonStart), expires]];

  // Six-digit institute ids in order, stepping over the one the admin drew at random.
  const uidOf = (i: number) => String(100_000 + i >= Number(admin.uid) ? 100_001 + i : 100_000 + i);
  let rows: Row[] = [];
  for (let i = 0; i < instituteCount; i++) {
    const id = admin.id + 1 + i;
    const upazila = pick(upazilas);
    const district = districtById.get(upazila.district_id)!;
    const division = divisionById.get(district.division_id)!;
    const [kindBn, kindEn, type] = pick(INSTITUTE_KINDS);
    const name = `${upazila.name_bn} ${kindBn} ${i + 1}`;
    const nameEnglish = `${upazila.name_en} ${kindEn} ${i + 1}`;
    const email = `institute${i + 1}@bench.example`;
    const at = iso(seasonStart + (i / instituteCount) * seasonMs * 0.3);
    institutes.push({ id, name, nameEnglish, upazila });
    rows.push([
      id,
      uidOf(i),
      instituteRole.id,
      name,
      email,
      `0171${String(i).padStart(7, '0')}`,
      `institute-${i + 1}`,
      1,
      type,
      'play-10th',
      name,
      nameEnglish,
      pick(['private', 'non-government', 'government']),
      pick(MALE_NAMES)[0] + ' ' + pick(FAMILY_NAMES)[0],
      division.id,
      district.id,
      upazila.id,
      division.name_bn,
      district.name_bn,
      upazila.name_bn,
      upazila.name_en,
      passwordHash,
      0,
      at,
      at,
    ]);
    if (i < TOKEN_INSTITUTES) {
      const plain = token();
      session.instituteTokens.push({ id, email, token: plain });
      tokens.push([id, sha256(plain), at, expires]);
    }
    if (rows.length === BATCH) {
      await loader.insert(USERS, rows);
      rows = [];
    }
  }
  await loader.insert(USERS, rows);
  await loader.insert(TOKENS, tokens);

  // Most students come from a few big institutes: the square of a uniform number leans towards low indexes.
  const year = seasonYear();
  const counts = new Map<string, number>();
  const classCounters = { '04': 0, '07': 0 };
  const regId0 = 1;
  rows = [];
  for (let n = 0; n < registrationCount; n++) {
    const id = regId0 + n;
    const institute = institutes[Math.floor(random() ** 2 * instituteCount)]!;
    const gender = random() < 0.5 ? 'm' : 'f';
    const klass = random() < 0.55 ? '04' : '07';
    const department = klass === '04' ? 'p' : pick(['a', 'c', 's', 's']);
    const [firstBn, firstEn] = pick<Pair>(gender === 'm' ? MALE_NAMES : FEMALE_NAMES);
    const [secondBn, secondEn] = pick<Pair>(gender === 'm' ? MALE_NAMES : FEMALE_NAMES);
    const [familyBn, familyEn] = pick(FAMILY_NAMES);
    const [fatherBn, fatherEn] = pick(MALE_NAMES);
    const [motherBn, motherEn] = pick(FEMALE_NAMES);
    const nameEnglish = `${firstEn} ${secondEn} ${familyEn}`;
    // The last four digits stand for the random part without drawing on the seeded sequence: the rest of the data stays as it was.
    const regNo = `${year}${String(n + 1).padStart(7, '0')}${String((n * 7_919) % 10_000).padStart(4, '0')}`;
    const rollNo = `${year}${klass}${String(++classCounters[klass]).padStart(6, '0')}`;
    const mobile = `01${pick(['3', '5', '6', '7', '8', '9'])}${digits(8)}`;
    const status = random() < 0.02 ? 0 : 1;
    const district = districtById.get(institute.upazila.district_id)!;
    const at = iso(seasonStart + (n / Math.max(1, registrationCount)) * seasonMs);
    if (status === 1) {
      const key = `${institute.id}|${klass}|${gender}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    if (n % 997 === 0 && session.samples.regNos.length < 200) {
      session.samples.regNos.push(regNo);
      session.samples.mobiles.push(mobile);
      session.samples.names.push(`${secondEn} ${familyEn}`.toLowerCase());
    }
    rows.push([
      id,
      institute.id,
      regNo,
      rollNo,
      nameEnglish,
      `${firstBn} ${secondBn} ${familyBn}`,
      nameEnglish,
      `${fatherBn} ${familyBn}`,
      `${fatherEn} ${familyEn}`,
      `${motherBn} ${pick(FAMILY_NAMES)[0]}`,
      `${motherEn} ${pick(FAMILY_NAMES)[1]}`,
      gender,
      klass,
      String(1 + Math.floor(random() * 120)),
      department,
      random() < 0.7 ? `20${pick(['14', '15', '16', '17'])}${digits(13)}` : null,
      district.division_id,
      district.id,
      institute.upazila.id,
      divisionById.get(district.division_id)!.name_bn,
      district.name_bn,
      institute.upazila.name_bn,
      `${pick(FAMILY_NAMES)[0]}পাড়া`,
      institute.upazila.name_en,
      mobile,
      institute.name,
      institute.nameEnglish,
      institute.id,
      regNo,
      status,
      at,
      at,
    ]);
    if (rows.length === BATCH) {
      await loader.insert(REGISTRATION, rows);
      rows = [];
      if (process.stdout.isTTY) process.stdout.write(`\r  registrations ${n + 1}/${registrationCount}`);
    }
  }
  await loader.insert(REGISTRATION, rows);
  if (process.stdout.isTTY) process.stdout.write('\n');
  await loader.insert(
    COUNTS,
    [...counts].map(([key, total]) => {
      const [institute, klass, gender] = key.split('|');
      return [Number(institute), klass!, gender!, total];
    }),
  );
  const totals = new Map<string, number>();
  const pairs = new Set<string>();
  for (const [key, total] of counts) {
    const [institute, klass, gender] = key.split('|');
    totals.set(`${klass}:${gender}`, (totals.get(`${klass}:${gender}`) ?? 0) + total);
    pairs.add(`${institute}|${klass}`);
  }
  await loader.insert(TOTALS, [...totals, [INSTITUTE_CLASSES, pairs.size]]);
  await loader.insert(SEQUENCES, [
    [`reg:${year}`, registrationCount],
    [`roll:${year}:04`, classCounters['04']],
    [`roll:${year}:07`, classCounters['07']],
  ]);

  // Payments: most institutes have paid something, a third have a deposit waiting for approval.
  rows = [];
  let paymentId = 0;
  for (const institute of institutes) {
    const deposits = random() < 0.7 ? 1 + Math.floor(random() * 2) : 0;
    for (let d = 0; d < deposits + (random() < 0.33 ? 1 : 0); d++) {
      const id = ++paymentId;
      const pending = d >= deposits;
      const method = random() < 0.7 ? 'bkash' : 'bank';
      const transactionId = `TX${String(id).padStart(9, '0')}`;
      const amount = 200 * (5 + Math.floor(random() * 100));
      const date = iso(seasonStart + random() * seasonMs).slice(0, 10);
      const at = `${date}T10:00:00.000Z`;
      if (pending && session.pendingPayments.length < 50_000)
        session.pendingPayments.push({ id, institute_id: institute.id, amount, payment_method: method, transaction_id: transactionId, date });
      rows.push([
        id,
        institute.id,
        amount,
        method,
        transactionId,
        date,
        pending ? 0 : 1,
        pending ? 'pending' : 'approved',
        pending ? null : admin.id,
        pending ? null : at,
        institute.id,
        transactionId.toLowerCase(),
        1,
        at,
        at,
      ]);
      if (rows.length === BATCH) {
        await loader.insert(PAYMENTS, rows);
        rows = [];
      }
    }
  }
  await loader.insert(PAYMENTS, rows);

  // The public site: an about page, how-to pages, notices, and a menu pointing at them.
  const pages: Row[] = [];
  const published = iso(seasonStart);
  const page = (url: string, title: string, type: string, paragraphs: number) => {
    const content = Array.from({ length: paragraphs }, (_, i) => `<p>${title} — অনুচ্ছেদ ${i + 1}. বৃত্তি পরীক্ষার নিবন্ধন, ফি জমা ও প্রবেশপত্র সম্পর্কিত তথ্য।</p>`).join(
      '',
    );
    pages.push([url, title, published, content, type, `${title}: scholarship exam information`, url, 1, published, published]);
    session.pages.push(url);
  };
  page('about', 'আমাদের সম্পর্কে', 'page', 6);
  page('how-to-register', 'নিবন্ধনের নিয়ম', 'page', 10);
  page('exam-rules', 'পরীক্ষার নিয়মাবলি', 'page', 8);
  for (let i = 1; i <= 30; i++) page(`notice-${i}`, `নোটিশ ${i}`, 'notice', 3);
  await loader.insert(PAGES, pages);
  await loader.insert(MENUS, [
    ['আমাদের সম্পর্কে', 'about', 1, 1, 'about', 1, published, published],
    ['নিবন্ধনের নিয়ম', 'how-to-register', 2, 1, 'how-to-register', 1, published, published],
    ['পরীক্ষার নিয়মাবলি', 'exam-rules', 3, 1, 'exam-rules', 1, published, published],
  ]);
  await loader.finish();
  // Every seeded student starts unpaid (the seed's deposits name nobody); the fee counters are counted from the rows.
  const counted: Kysely<Database> = openDatabase(database, (error) => console.error(error));
  await sql`insert into fee_totals (institute_id, fee_status, students, fees)
    select institute_id, fee_status, count(*), sum(fee) from scholarship_registrations where status = 1 group by institute_id, fee_status`.execute(counted);
  await sql`insert into fee_totals (institute_id, fee_status, students, fees)
    select ${SEASON_FEES}, fee_status, sum(students), sum(fees) from fee_totals group by fee_status`.execute(counted);
  await counted.destroy();

  session.seededInSeconds = Math.round((performance.now() - started) / 100) / 10;
  const sessionFile = sessionFileOf(database);
  fs.mkdirSync(path.dirname(sessionFile), { recursive: true });
  fs.writeFileSync(sessionFile, JSON.stringify(session));
  console.log(
    `seeded ${database.dialect}: ${instituteCount} institutes, ${registrationCount} registrations, ${paymentId} payments in ${session.seededInSeconds} s → ${path.relative(process.cwd(), sessionFile)}`,
  );
}

await main();
