/**
 * Dashboard numbers (spec §3 Analytics) from the maintained counters and the payments' covering
 * index, so no query scans the registrations however many there are.
 */
import { type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import { CLASS_CODES } from '../../../common/constants.js';
import type { Analytics, ClassAnalytics, InstituteAnalyticsRow } from '../../../common/schemas/registrations.js';
import { INSTITUTE_CLASSES, SEASON_FEES } from './registrations.repository.js';
import { preparedQuery } from '../../db/prepared.js';
import { perTurn } from '../../db/per-turn.js';
import type { SessionUser } from '../../lib/authenticate.js';
import type { Database } from '../../db/types.js';
import { containsPattern } from '../../lib/resource/query.js';
import { SEASON_KEYS, seasonOf, seasonSettings, settingValue } from '../settings/index.js';
import { daysUntil, dhakaToday, feeOn, registrationWindow, type Season } from '../../../common/season.js';
import type { FeeStatus } from '../../../common/constants.js';
import type { DepositInfo, SeasonView } from '../../../common/schemas/registrations.js';

const instituteCounts = preparedQuery((db, args: { instituteId: number }) =>
  db.selectFrom('registration_counts').select(['class', 'gender', 'total']).where('institute_id', '=', args.instituteId),
);

const seasonCounts = preparedQuery((db) => db.selectFrom('registration_totals').select(['name', 'total']).where('name', '!=', INSTITUTE_CLASSES));

/**
 * One row of the dashboard's single query: the institute it belongs to (null for the season's settings,
 * which every dashboard shows), what it is (`kind`), its key, and up to two numbers or a text.
 */
type Part = { institute: number | string | null; kind: string; key: string; text: string | null; n: number | null; m: number | null };

const bigint = (expression: string) => sql<number>`cast(${sql.ref(expression)} as bigint)`;
const literal = (kind: string) => sql<string>`${sql.lit(kind)}`;
/** Typed nulls: PostgreSQL types a column of bare nulls in a UNION as text, which a later number then fails to match. */
const noNumber = () => sql<number | null>`cast(null as bigint)`;
const noText = () => sql<string | null>`cast(null as text)`;

/** Which dashboards: one institute's, several institutes' (PostgreSQL: an array parameter), or the season's. */
type Scope = { id: number } | { ids: number[] } | undefined;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ofScope = (eb: ExpressionBuilder<any, any>, column: string, scope: { id: number } | { ids: number[] }) =>
  'id' in scope ? eb(eb.ref(column), '=', scope.id) : sql<SqlBool>`${sql.ref(column)} = any(${scope.ids})`;

/**
 * Every number a dashboard shows in one statement, a UNION ALL of small reads (each an index lookup or
 * a counter): on PostgreSQL one round trip and one statement to prepare instead of four. Without an
 * institute, the season: its registrations and payments come from the season's counters.
 */
function dashboardParts(db: Kysely<Database>, institutes: Scope) {
  const counts = institutes
    ? db
        .selectFrom('registration_counts')
        .select([
          bigint('institute_id').as('institute'),
          literal('count').as('kind'),
          'class as key',
          'gender as text',
          bigint('total').as('n'),
          noNumber().as('m'),
        ])
        .where((eb) => ofScope(eb, 'institute_id', institutes))
        .$castTo<Part>()
    : db
        .selectFrom('registration_totals')
        .select([noNumber().as('institute'), literal('count').as('kind'), 'name as key', noText().as('text'), bigint('total').as('n'), noNumber().as('m')])
        .where('name', '!=', INSTITUTE_CLASSES)
        .$castTo<Part>();
  const payments = institutes
    ? db
        .selectFrom('scholarship_payments')
        .select([
          bigint('institute_id').as('institute'),
          literal('payment').as('kind'),
          'state as key',
          noText().as('text'),
          (eb) => eb.fn.sum<number>('amount').as('n'),
          (eb) => eb.fn.countAll<number>().as('m'),
        ])
        .where('status', '=', 1)
        .where((eb) => ofScope(eb, 'institute_id', institutes))
        .groupBy(['institute_id', 'state'])
        .$castTo<Part>()
    : db
        .selectFrom('payment_totals')
        .select([
          noNumber().as('institute'),
          literal('payment').as('kind'),
          'state as key',
          noText().as('text'),
          bigint('amount').as('n'),
          bigint('count').as('m'),
        ])
        .$castTo<Part>();
  const fees = db
    .selectFrom('fee_totals')
    .select([
      bigint('institute_id').as('institute'),
      literal('fee').as('kind'),
      'fee_status as key',
      noText().as('text'),
      bigint('students').as('n'),
      bigint('fees').as('m'),
    ])
    .where((eb) => ofScope(eb, 'institute_id', institutes ?? { id: SEASON_FEES }))
    .$castTo<Part>();
  const settings = db
    .selectFrom('setting_values')
    .select([noNumber().as('institute'), literal('setting').as('kind'), 'key', 'value as text', noNumber().as('n'), noNumber().as('m')])
    .where('key', 'in', SEASON_KEYS)
    .$castTo<Part>();
  return settings.unionAll(counts).unionAll(payments).unionAll(fees);
}

const instituteParts = preparedQuery((db, args: { instituteId: number }) => dashboardParts(db, { id: args.instituteId }));
const severalInstitutesParts = preparedQuery((db, args: { instituteIds: number[] }) => dashboardParts(db, { ids: args.instituteIds }));
const seasonParts = preparedQuery((db) => dashboardParts(db, undefined));

/**
 * The dashboards asked for in one turn (db/per-turn.ts), read with one statement: under load the round
 * trip and the statement's execution cost PostgreSQL and the app more than the few index lookups in it.
 */
const instituteDashboards = perTurn(
  async (db, ids: number[]) => {
    const parts = await severalInstitutesParts(db, { instituteIds: ids });
    return new Map(ids.map((id) => [id, parts.filter((part) => part.institute === null || Number(part.institute) === id)]));
  },
  (db, id) => instituteParts(db, { instituteId: id }),
);

/** The maintained counts of active registrations by class and gender: one institute's, or the season's. */
async function activeCounts(
  db: Kysely<Database>,
  instituteId: number | undefined,
): Promise<{ class: string | undefined; gender: string | undefined; total: number }[]> {
  if (instituteId !== undefined) return instituteCounts(db, { instituteId });
  return (await seasonCounts(db, {})).map(({ name, total }) => {
    const [klass, gender] = name.split(':');
    return { class: klass, gender, total };
  });
}

/** Active registrations an unfiltered list shows: the season's for an admin, its own for an institute. */
export async function activeRegistrations(db: Kysely<Database>, user: SessionUser): Promise<number> {
  const counts = await activeCounts(db, user.role === 'institute' ? user.id : undefined);
  return counts.reduce((sum, count) => sum + Number(count.total), 0);
}

/** The season's calendar as the dashboards show it: the window today and the days left to each deadline. */
function seasonView(season: Season, today: string): SeasonView {
  const left = (day: string | null) => (day ? daysUntil(day, today) : null);
  return {
    today,
    window: registrationWindow(season, today),
    registration_opens: season.registrationOpens,
    registration_closes: season.registrationCloses,
    late_fee_from: season.lateFeeFrom,
    late_fee: season.lateFee,
    payment_deadline: season.paymentDeadline,
    days_to_close: left(season.registrationCloses),
    days_to_late_fee: left(season.lateFeeFrom),
    days_to_payment_deadline: left(season.paymentDeadline),
  };
}

/** Totals for one institute, or across all institutes when `instituteId` is undefined. */
export async function analytics(db: Kysely<Database>, instituteId: number | undefined): Promise<Analytics> {
  const parts = instituteId === undefined ? await seasonParts(db, {}) : ((await instituteDashboards(db, instituteId)) ?? []);
  const of = (kind: string) => parts.filter((part) => part.kind === kind);
  const counts = of('count').map((part) => {
    if (instituteId !== undefined) return { class: part.key, gender: part.text ?? undefined, total: part.n };
    const [klass, gender] = part.key.split(':');
    return { class: klass, gender, total: part.n };
  });
  const payments = of('payment').map((part) => ({ state: part.key, amount: part.n, count: part.m }));
  const fees = of('fee').map((part) => ({ fee_status: part.key, students: part.n, fees: part.m }));
  const season = seasonOf(of('setting').map((part) => ({ key: part.key, value: part.text })));
  const today = dhakaToday();

  const byClass: ClassAnalytics[] = CLASS_CODES.map((code) => {
    const of = (gender: string) => Number(counts.find((c) => c.class === code && c.gender === gender)?.total ?? 0);
    return { class: code, male: of('m'), female: of('f'), total: of('m') + of('f') };
  });
  const totalMale = byClass.reduce((sum, c) => sum + c.male, 0);
  const totalFemale = byClass.reduce((sum, c) => sum + c.female, 0);
  const total = totalMale + totalFemale;
  const approved = payments.find((p) => p.state === 'approved');
  const pending = payments.find((p) => p.state === 'pending');
  const feesOf = (status: FeeStatus) => {
    const row = fees.find((f) => f.fee_status === status);
    return { students: Number(row?.students ?? 0), fees: Number(row?.fees ?? 0) };
  };
  const [unpaid, pendingFees, paid] = [feesOf('unpaid'), feesOf('pending'), feesOf('paid')];
  return {
    fee: feeOn(season, today),
    total_registration: total,
    total_male: totalMale,
    total_female: totalFemale,
    total_fee: unpaid.fees + pendingFees.fees + paid.fees,
    total_paid: Number(approved?.amount ?? 0),
    total_due: unpaid.fees + pendingFees.fees,
    pending_amount: Number(pending?.amount ?? 0),
    pending_payments: Number(pending?.count ?? 0),
    paid_registrations: paid.students,
    pending_registrations: pendingFees.students,
    unpaid_registrations: unpaid.students,
    unpaid_fee: unpaid.fees,
    season: seasonView(season, today),
    analytics: byClass,
  };
}

/**
 * The admin's per-institute, per-class list with search on the institute's names. Without a search
 * the total is the maintained pair count and the page is read in the order of the
 * registration_counts_listed index, so neither scans the season.
 */
export async function instituteRows(db: Kysely<Database>, options: { search?: string; page: number; perPage: number }) {
  const matching = options.search
    ? db
        .selectFrom('users as u')
        .select('u.id')
        .where((eb) => {
          const pattern = containsPattern(options.search!);
          return eb.or([
            sql<boolean>`lower(u.name) like lower(${pattern}) escape '\\'`,
            sql<boolean>`lower(u.institute_name_english) like lower(${pattern}) escape '\\'`,
          ]);
        })
    : undefined;
  const grouped = db
    .selectFrom('registration_counts as rc')
    .where('rc.total', '>', 0)
    .$if(matching !== undefined, (q) => q.where('rc.institute_id', 'in', matching!))
    .groupBy(['rc.institute_id', 'rc.class']);
  const total = matching
    ? Number(
        (
          await db
            .selectFrom(grouped.select(['rc.institute_id', 'rc.class']).as('g'))
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .executeTakeFirstOrThrow()
        ).total,
      )
    : Number((await db.selectFrom('registration_totals').select('total').where('name', '=', INSTITUTE_CLASSES).executeTakeFirst())?.total ?? 0);
  const page = grouped
    .select([
      'rc.institute_id',
      'rc.class',
      (eb) => eb.fn.sum<number>('rc.total').as('total'),
      sql<number>`sum(case when rc.gender = 'm' then rc.total else 0 end)`.as('male'),
      sql<number>`sum(case when rc.gender = 'f' then rc.total else 0 end)`.as('female'),
    ])
    .orderBy('rc.institute_id', 'desc')
    .orderBy('rc.class')
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage);
  const rows = await db
    .selectFrom(page.as('p'))
    .innerJoin('users as u', 'u.id', 'p.institute_id')
    .select(['p.institute_id', 'u.name as institute_name', 'p.class', 'u.upozilla', 'p.total', 'p.male', 'p.female'])
    .orderBy('p.institute_id', 'desc')
    .orderBy('p.class')
    .execute();
  return {
    total,
    rows: rows.map((r): InstituteAnalyticsRow => ({ ...r, total: Number(r.total), male: Number(r.male), female: Number(r.female) })),
  };
}

/** Where to pay and how much a student registered today costs. */
export async function depositInfo(db: Kysely<Database>): Promise<DepositInfo> {
  return {
    fee: feeOn(await seasonSettings(db), dhakaToday()),
    bkash_number: await settingValue(db, 'bkash_number'),
    bank_account: await settingValue(db, 'bank_account'),
  };
}
