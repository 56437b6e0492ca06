/**
 * A worker thread writing one export's CSV (export.routes.ts starts it; architecture §8), from PostgreSQL's
 * cursor or SQLite's statement. pg's reading leaves garbage that V8's main heap let grow to four times what
 * was live before a full collection, and reading and writing a million rows held the event loop every request
 * needs (on SQLite, half of the export's time is the reading itself). Here the
 * rows, their labels and the CSV text live in a heap of their own, bounded by the worker's
 * resourceLimits, and only finished pieces of text cross over. They cross as strings, which the main
 * heap's young generation frees at once and the socket encodes natively: transferred byte buffers were
 * memory outside the heap that waited for the main heap's collections (20–30 MB more at the peak, measured).
 *
 * Backpressure: the worker may send CREDIT pieces ahead; each 'more' from the main thread (its stream
 * wants more) allows one more. 'stop' (the client has gone) ends the reading, which closes the connection.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Lang } from '../../../common/messages.js';
import type { Config } from '../../config.js';
import { cursorBatches } from '../../db/postgres-reader.js';
import { sqliteBatches } from '../../db/sqlite-reader.js';
import { csvChunks } from './csv.js';
import { labelledBatches } from '../../lib/column-labels.js';

export type CsvWorkerData = {
  database: Config['database'];
  query: { sql: string; parameters: readonly unknown[] };
  columns: string[];
  header: string[];
  lang: Lang;
  credit: number;
};

/** What the worker sends: a piece of the file, the end of it, or why it failed. */
export type CsvWorkerMessage = { piece: string } | { done: true } | { error: string };

const port = parentPort!;
const { database, query, columns, header, lang, credit } = workerData as CsvWorkerData;
const rows = database.dialect === 'postgres' ? cursorBatches(database.url, query) : sqliteBatches(database.file, query);

let credits = credit;
let stopped = false;
let wake: (() => void) | undefined;
port.on('message', (message: 'more' | 'stop') => {
  if (message === 'more') credits++;
  else stopped = true;
  wake?.();
});

try {
  // Leaving the loop returns the generators in turn, down to the reading one, which closes its connection.
  for await (const chunk of csvChunks(columns, header, labelledBatches(columns, lang, rows))) {
    while (credits === 0 && !stopped) await new Promise<void>((resolve) => (wake = resolve));
    if (stopped) break;
    credits--;
    port.postMessage({ piece: chunk } satisfies CsvWorkerMessage);
  }
  if (!stopped) port.postMessage({ done: true } satisfies CsvWorkerMessage);
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies CsvWorkerMessage);
} finally {
  // Nothing else keeps the thread alive: it ends.
  port.close();
}
