/**
 * An institute's results (docs/integrators/documents.md): its students' processed results, class by
 * class in merit order (those with a position by it, then the withheld, then the absent last, each by roll), read by the (institute_id, class, position) index and joined to the registrations
 * for the names, and the counts per class made from them. An institute has at most a few thousand students.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.js';
import type { ClassCounts, InstituteHeading, InstituteResultRow } from './result-documents.js';

/** The institute account `id` as its result sheet names it, or undefined when there is none. */
export async function instituteHeading(db: Kysely<Database>, id: number): Promise<InstituteHeading | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as role', 'role.id', 'u.role_id')
    .select(['u.id', 'u.uid', 'u.name', 'u.institute_name', 'u.institute_name_english'])
    .where('u.id', '=', id)
    .where('role.slug', '=', 'institute')
    .executeTakeFirst();
  return row && { id: row.id, uid: row.uid, name: row.institute_name ?? row.institute_name_english ?? row.name };
}

export async function instituteResultRows(db: Kysely<Database>, instituteId: number): Promise<InstituteResultRow[]> {
  return db
    .selectFrom('results as s')
    .innerJoin('scholarship_registrations as r', 'r.id', 's.registration_id')
    .select(['s.registration_id', 's.roll_no', 'r.name_english', 'r.name_bangla', 's.class', 's.total', 's.position', 's.state', 's.grade'])
    .where('s.institute_id', '=', instituteId)
    .orderBy('s.class')
    .orderBy(sql`case when s.position > 0 then 0 when s.state = 'absent' then 2 else 1 end`)
    .orderBy('s.position')
    .orderBy('s.roll_no')
    .execute();
}

/** Counts per class of rows in class order. */
export function classCounts(rows: readonly InstituteResultRow[]): ClassCounts[] {
  const classes = new Map<string, ClassCounts>();
  for (const row of rows) {
    let counts = classes.get(row.class);
    if (!counts)
      classes.set(row.class, (counts = { class: row.class, students: 0, pass: 0, fail: 0, absent: 0, incomplete: 0, withheld: 0, talent_pool: 0, general: 0 }));
    counts.students++;
    counts[row.state]++;
    if (row.grade) counts[row.grade]++;
  }
  return [...classes.values()];
}
