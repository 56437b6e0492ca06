/**
 * One roll's published result for other modules (results by SMS): read from the live version of the
 * snapshot only (architecture §9: result day), so nothing unpublished can leave through it.
 */
import type { Kysely } from 'kysely';
import type { ResultDocument } from '../../../common/schemas/results.js';
import { preparedQuery } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import { parseResultDocument } from './results.repository.js';

export type PublishedResult = { kind: 'unpublished' } | { kind: 'unknown_roll' } | { kind: 'found'; doc: ResultDocument };

/** The live version (0: nothing published) and the roll's document in it, if any. */
const liveRow = preparedQuery((db, args: { roll: string }) =>
  db
    .selectFrom('exams as e')
    .leftJoin('result_snapshot as s', (join) => join.onRef('s.version', '=', 'e.results_version').on('s.roll_no', '=', args.roll))
    .select(['e.results_version as version', 's.doc'])
    .where('e.id', '=', 1),
);

export async function publishedResult(db: Kysely<Database>, roll: string): Promise<PublishedResult> {
  const [row] = await liveRow(db, { roll });
  if (!row || row.version === 0) return { kind: 'unpublished' };
  if (!row.doc) return { kind: 'unknown_roll' };
  return { kind: 'found', doc: parseResultDocument(row.doc) };
}
