/**
 * Dashboard numbers (spec §3 Analytics) from the maintained counters and the payments' covering
 * index, so no query scans the registrations however many there are.
 */
import { type Kysely, sql } from 'kysely';
import { CLASS_CODES } from '../../../common/constants.js';
import type { Analytics, ClassAnalytics, InstituteAnalyticsRow } from '../../../common/schemas/registrations.js';
import { INSTITUTE_CLASSES } from './registrations.repository.js';
import { preparedQuery } from '../../db/prepared.js';
import type { SessionUser } from '../../lib/authenticate.js';
import type { Database } from '../../db/types.js';
import { containsPattern } from '../../lib/resource/query.js';
import { registrationFee } from '../settings/settings.repository.js';

const instituteCounts = preparedQuery((db, args: { instituteId: number }) =>
  db.selectFrom('registration_counts').select(['class', 'gender', 'total']).where('institute_id', '=', args.instituteId),
);

const seasonCounts = preparedQuery((db) => db.selectFrom('registration_totals').select(['name', 'total']).where('name', '!=', INSTITUTE_CLASSES));

const paymentSums = (db: Kysely<Database>) =>
  db
    .selectFrom('scholarship_payments')
    .select(['is_approved', (eb) => eb.fn.sum<number>('amount').as('amount'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('status', '=', 1)
    .groupBy('is_approved');

const institutePayments = preparedQuery((db, args: { instituteId: number }) => paymentSums(db).where('institute_id', '=', args.instituteId));
const seasonPayments = preparedQuery((db) => paymentSums(db));

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

/** Totals for one institute, or across all institutes when `instituteId` is undefined. */
export async function analytics(db: Kysely<Database>, instituteId: number | undefined): Promise<Analytics> {
  const counts = await activeCounts(db, instituteId);
  const payments = instituteId === undefined ? await seasonPayments(db, {}) : await institutePayments(db, { instituteId });
  const fee = await registrationFee(db);

  const byClass: ClassAnalytics[] = CLASS_CODES.map((code) => {
    const of = (gender: string) => Number(counts.find((c) => c.class === code && c.gender === gender)?.total ?? 0);
    return { class: code, male: of('m'), female: of('f'), total: of('m') + of('f') };
  });
  const totalMale = byClass.reduce((sum, c) => sum + c.male, 0);
  const totalFemale = byClass.reduce((sum, c) => sum + c.female, 0);
  const total = totalMale + totalFemale;
  const approved = payments.find((p) => Number(p.is_approved) === 1);
  const pending = payments.find((p) => Number(p.is_approved) === 0);
  const totalPaid = Number(approved?.amount ?? 0);
  return {
    fee,
    total_registration: total,
    total_male: totalMale,
    total_female: totalFemale,
    total_fee: total * fee,
    total_paid: totalPaid,
    total_due: Math.max(0, total * fee - totalPaid),
    pending_amount: Number(pending?.amount ?? 0),
    pending_payments: Number(pending?.count ?? 0),
    paid_registrations: Math.min(total, Math.floor(totalPaid / fee)),
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
