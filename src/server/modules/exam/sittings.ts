/**
 * Sittings (architecture §10: seats are per sitting): a room serves each sitting in turn, so a seat is
 * held once per sitting. A sitting is a date and a start time; classes that share both sit together.
 * Until every class has its date and start time, nobody can tell which classes sit apart, so all of
 * them count as one sitting (the seat plan never relies on a sitting that is not set).
 */
import type { Db } from '../../db/handles.js';

type SittingRow = { class: string; date: string | null; start_time: string | null };

/** Each class's sitting key, from the sittings as stored (see above). */
export function sittingKeysOf(rows: readonly SittingRow[]): Map<string, string> {
  const dated = rows.every((row) => row.date && row.start_time);
  return new Map(rows.map((row) => [row.class, dated ? `${row.date} ${row.start_time}` : '']));
}

export async function sittingKeys(db: Db): Promise<Map<string, string>> {
  return sittingKeysOf(await db.selectFrom('exam_sittings').select(['class', 'date', 'start_time']).orderBy('class').execute());
}

/** The sitting a class sits in (classes the exam does not list sit in the shared unset sitting). */
export const sittingOf = (keys: ReadonlyMap<string, string>, klass: string): string => keys.get(klass) ?? '';

/** Classes in each sitting, sittings in order of their date and time. */
export function classesBySitting(keys: ReadonlyMap<string, string>): [string, string[]][] {
  const grouped = new Map<string, string[]>();
  for (const [klass, key] of [...keys].sort(([a], [b]) => a.localeCompare(b))) grouped.set(key, [...(grouped.get(key) ?? []), klass]);
  return [...grouped].sort(([a], [b]) => a.localeCompare(b));
}
