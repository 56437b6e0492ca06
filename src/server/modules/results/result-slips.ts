/**
 * Result slips made once per published result (docs/integrators/results.md): the first request for a roll prints
 * its slip from the live snapshot and keeps it in storage, every later one is served from there. Requests
 * for the same slip while it prints wait for that one print. A new publication's snapshot rows have no
 * slip yet, so the next request prints the new result over the stored file.
 */
import type { FastifyInstance } from 'fastify';
import type { StoredFile } from '../../lib/storage/storage.js';
import { resultSlipParts } from './pdf/result-slip.js';
import { resultExam } from './result-documents.js';
import { parseResultDocument } from './results.repository.js';

export function resultSlips(app: FastifyInstance) {
  /** Prints under way in this server, by version and roll. */
  const printing = new Map<string, Promise<string>>();

  const liveRow = (roll: string) =>
    app.db
      .selectFrom('exams as e')
      .innerJoin('result_snapshot as s', (join) => join.onRef('s.version', '=', 'e.results_version').on('s.roll_no', '=', roll))
      .select(['s.version', 's.doc', 's.slip_key'])
      .where('e.id', '=', 1)
      .executeTakeFirst();

  async function print(version: number, roll: string, doc: string): Promise<string> {
    const file = await app.pdf.render(resultSlipParts(await resultExam(app), parseResultDocument(doc)));
    const key = `result-slips/${roll}.pdf`;
    await app.storage.putStream(key, file.stream(), file.bytes, 'application/pdf');
    await app.db.updateTable('result_snapshot').set({ slip_key: key }).where('version', '=', version).where('roll_no', '=', roll).execute();
    return key;
  }

  /** The stored slip of `roll` in the live result (printed now if it has none); null when the roll has no result. */
  return async function slipOf(roll: string): Promise<StoredFile | null> {
    const row = await liveRow(roll);
    if (!row) return null;
    if (row.slip_key) {
      const stored = await app.storage.get(row.slip_key);
      if (stored) return stored;
    }
    const id = `${row.version}:${roll}`;
    let printed = printing.get(id);
    if (!printed) {
      printed = print(row.version, roll, row.doc).finally(() => printing.delete(id));
      printing.set(id, printed);
    }
    return app.storage.get(await printed);
  };
}
