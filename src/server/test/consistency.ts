/**
 * Whole-database checks for tests that kill, restore or restart the server: the answer is a list of
 * what is wrong (empty when the data is consistent), so a failing test shows every problem at once.
 */
import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { openDatabase } from '../db/connect.js';
import type { Database } from '../db/types.js';
import type { DataPlace } from './server-process.js';

export function openPlace(place: Pick<DataPlace, 'dataDir' | 'databaseUrl'>): Kysely<Database> {
  const database = place.databaseUrl
    ? { dialect: 'postgres' as const, url: place.databaseUrl }
    : { dialect: 'sqlite' as const, file: `${place.dataDir}/app.sqlite` };
  return openDatabase(database, () => {});
}

const key = (row: { institute_id: number; class: string; gender: string }) => `${row.institute_id}/${row.class}/${row.gender}`;

/**
 * Money per student: each student's fee status agrees with the payment that holds it (pending in a
 * pending payment, paid in an approved one, none in a refused or deactivated one), a payment's
 * student count is what it holds, and the fee and payment counters equal a fresh count.
 */
export async function feeProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const payments = new Map((await db.selectFrom('scholarship_payments').select(['id', 'state', 'status', 'students']).execute()).map((p) => [p.id, p]));
  const students = await db.selectFrom('scholarship_registrations').select(['id', 'institute_id', 'fee', 'fee_status', 'payment_id', 'status']).execute();
  const held = new Map<number, number>();
  for (const r of students) {
    if (r.payment_id === null) {
      if (r.fee_status !== 'unpaid') problems.push(`registration ${r.id} is ${r.fee_status} without a payment`);
      continue;
    }
    held.set(r.payment_id, (held.get(r.payment_id) ?? 0) + 1);
    const payment = payments.get(r.payment_id);
    const expected = payment?.status === 1 ? { pending: 'pending', approved: 'paid', refused: undefined }[payment.state] : undefined;
    if (r.fee_status !== expected)
      problems.push(`registration ${r.id} is ${r.fee_status} in payment ${r.payment_id} (${payment?.state ?? 'missing'}, status ${payment?.status})`);
  }
  for (const p of payments.values()) {
    if (p.state !== 'refused' && p.status === 1 && Number(p.students) !== (held.get(p.id) ?? 0))
      problems.push(`payment ${p.id} says ${p.students} students, holds ${held.get(p.id) ?? 0}`);
  }
  const fresh = new Map<string, { students: number; fees: number }>();
  for (const r of students.filter((s) => s.status === 1)) {
    for (const id of [r.institute_id, 0]) {
      const k = `${id}/${r.fee_status}`;
      const sum = fresh.get(k) ?? { students: 0, fees: 0 };
      fresh.set(k, { students: sum.students + 1, fees: sum.fees + r.fee });
    }
  }
  const kept = new Map(
    (await db.selectFrom('fee_totals').selectAll().execute())
      .filter((row) => Number(row.students) !== 0 || Number(row.fees) !== 0)
      .map((row) => [`${row.institute_id}/${row.fee_status}`, { students: Number(row.students), fees: Number(row.fees) }]),
  );
  for (const k of new Set([...fresh.keys(), ...kept.keys()])) {
    const [a, b] = [fresh.get(k), kept.get(k)];
    if (a?.students !== b?.students || a?.fees !== b?.fees)
      problems.push(`fee_totals ${k}: counter ${JSON.stringify(b ?? null)}, rows ${JSON.stringify(a ?? null)}`);
  }
  problems.push(...(await paymentTotalProblems(db)));
  return problems;
}

/** The season's payment counters (kept by triggers) equal the active payments summed by state. */
async function paymentTotalProblems(db: Kysely<Database>): Promise<string[]> {
  const summed = await db
    .selectFrom('scholarship_payments')
    .select(['state', (eb) => eb.fn.sum<number>('amount').as('amount'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('status', '=', 1)
    .groupBy('state')
    .execute();
  const fresh = new Map(summed.map((row) => [row.state, { amount: Number(row.amount), count: Number(row.count) }]));
  const kept = new Map(
    (await db.selectFrom('payment_totals').selectAll().execute())
      .filter((row) => Number(row.count) !== 0 || Number(row.amount) !== 0)
      .map((row) => [row.state, { amount: Number(row.amount), count: Number(row.count) }]),
  );
  const problems: string[] = [];
  for (const state of new Set([...fresh.keys(), ...kept.keys()])) {
    const [a, b] = [fresh.get(state), kept.get(state)];
    if (a?.amount !== b?.amount || a?.count !== b?.count)
      problems.push(`payment_totals ${state}: counter ${JSON.stringify(b ?? null)}, payments ${JSON.stringify(a ?? null)}`);
  }
  return problems;
}

export async function consistencyProblems(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];

  // The dashboard counters equal a fresh count of the active rows.
  const counted = await db
    .selectFrom('scholarship_registrations')
    .select(['institute_id', 'class', 'gender', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 1)
    .groupBy(['institute_id', 'class', 'gender'])
    .execute();
  const counters = await db.selectFrom('registration_counts').selectAll().execute();
  const fresh = new Map(counted.map((row) => [key(row), Number(row.n)]));
  const kept = new Map(counters.filter((row) => Number(row.total) !== 0).map((row) => [key(row), Number(row.total)]));
  for (const k of new Set([...fresh.keys(), ...kept.keys()])) {
    if (fresh.get(k) !== kept.get(k)) problems.push(`registration_counts ${k}: counter ${kept.get(k) ?? 0}, rows ${fresh.get(k) ?? 0}`);
  }

  for (const column of ['reg_no', 'roll_no'] as const) {
    const duplicates = await db
      .selectFrom('scholarship_registrations')
      .select([column, (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(column)
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    for (const d of duplicates) problems.push(`duplicate ${column} ${String(d[column])} (${d.n} rows)`);
  }

  // A registration is whole: numbered, named, its institute's names copied in the same write.
  const registrations = await db
    .selectFrom('scholarship_registrations')
    .select(['id', 'reg_no', 'roll_no', 'class', 'full_name', 'institute_name', 'institute_id'])
    .execute();
  for (const r of registrations) {
    if (!/^\d{13}$/.test(r.reg_no) || r.roll_no.length !== 10 || r.roll_no.slice(2, 4) !== r.class || !r.full_name || !r.institute_name) {
      problems.push(`registration ${r.id} is half-written: ${JSON.stringify(r)}`);
    }
  }

  // The counters that number registrations are ahead of every number handed out, so a restart cannot repeat one.
  const sequences = new Map((await db.selectFrom('sequences').selectAll().execute()).map((s) => [s.name, Number(s.value)]));
  for (const r of registrations) {
    const year = r.reg_no.slice(0, 2);
    if ((sequences.get(`reg:${year}`) ?? 0) < Number(r.reg_no.slice(2, 9))) problems.push(`sequence reg:${year} behind ${r.reg_no}`);
    if ((sequences.get(`roll:${year}:${r.class}`) ?? 0) < Number(r.roll_no.slice(4))) problems.push(`sequence roll:${year}:${r.class} behind ${r.roll_no}`);
  }

  const payments = await db
    .selectFrom('scholarship_payments')
    .select(['id', 'is_approved', 'state', 'approved_by', 'approved_at', 'amount', 'transaction_id'])
    .execute();
  for (const p of payments) {
    const approvedWhole =
      (p.is_approved === 1) === (p.state === 'approved') &&
      (p.is_approved === 1 ? p.approved_by !== null && p.approved_at !== null : p.approved_by === null && p.approved_at === null);
    if (!approvedWhole || !(p.amount > 0) || !p.transaction_id) problems.push(`payment ${p.id} is half-written: ${JSON.stringify(p)}`);
  }

  problems.push(...(await feeProblems(db)));

  const orphans = [
    [
      'registration',
      await db.selectFrom('scholarship_registrations as r').leftJoin('users as u', 'u.id', 'r.institute_id').select('r.id').where('u.id', 'is', null).execute(),
    ],
    [
      'payment',
      await db.selectFrom('scholarship_payments as p').leftJoin('users as u', 'u.id', 'p.institute_id').select('p.id').where('u.id', 'is', null).execute(),
    ],
    ['access token', await db.selectFrom('access_tokens as t').leftJoin('users as u', 'u.id', 't.user_id').select('t.id').where('u.id', 'is', null).execute()],
    [
      'user without role',
      await db.selectFrom('users as u').leftJoin('user_roles as r', 'r.id', 'u.role_id').select('u.id').where('r.id', 'is', null).execute(),
    ],
  ] as const;
  for (const [what, rows] of orphans) for (const row of rows) problems.push(`orphan ${what} ${row.id}`);

  // The name search's index holds exactly the table's names and filter columns: FTS5 compares itself
  // with its source view on SQLite; on PostgreSQL the words' table is compared with every name's words.
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    try {
      await sql`insert into registrations_search(registrations_search, rank) values ('integrity-check', 1)`.execute(db);
    } catch (error) {
      problems.push(`search index differs from the registrations: ${(error as Error).message}`);
    }
  } else {
    const { rows } = await sql<{ word: string; registration_id: number }>`
      with expected as (select word, id as registration_id, status, institute_id, class, gender, fee_status
        from scholarship_registrations, unnest(registration_word_list(full_name, name_bangla)) as word),
      kept as (select word, registration_id, status, institute_id, class, gender, fee_status from registration_words)
      (select * from expected except all select * from kept) union all (select * from kept except all select * from expected)`.execute(db);
    for (const row of rows) problems.push(`search word ${row.word} of registration ${row.registration_id} missing, left over or with other filter columns`);
  }

  return problems;
}
