/**
 * PostgreSQL outside the pool for one long read (the export's cursor): the reader's connection, the
 * driver's number parsing the app relies on, and the cursor's batches. Kept apart from connect.ts so
 * the export's worker thread (export/csv-worker.ts) loads the driver alone, not Kysely or SQLite.
 */
import pg from 'pg';

// COUNT(*) and SUM() come back as int8; our counts fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** The application_name of a PostgreSQL reader's connection (visible in pg_stat_activity). */
export const POSTGRES_READER_NAME = 'csv-export';

/**
 * A PostgreSQL connection of its own for one long read (the CSV export's cursor), outside the pool, so
 * downloads never take the connections other requests need; closing it ends whatever it had open.
 */
export async function openPostgresReader(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: POSTGRES_READER_NAME });
  // An error while idle (the server restarting) must not end the process; the next query fails instead.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Rows a PostgreSQL FETCH brings at most: one round trip each. */
const FETCH_ROWS = 1000;
/** The first FETCH, before the rows' width is known. */
const FIRST_FETCH_ROWS = 10;
/**
 * Text a FETCH should bring: later FETCHes take as many rows as fit, so a batch of wide rows (a page's
 * HTML, an audit entry's JSON) stays as small in memory as a batch of registrations.
 */
const FETCH_CHARS = 512 * 1024;

/** The characters of a batch's text cells, with a few for every other cell. */
function charsOf(rows: readonly unknown[][]): number {
  let chars = 0;
  for (const row of rows) for (const value of row) chars += typeof value === 'string' ? value.length : 8;
  return chars;
}

/**
 * One server-side cursor in a read-only transaction, fetched a batch at a time as the consumer pulls.
 * The cursor's query runs on one snapshot, so rows written during the read neither appear nor vanish
 * (no row twice or missed). Rows come as arrays (pg's rowMode): no object with a string key per cell.
 * The connection is opened on the first pull and closed when the rows end, the read fails or the
 * consumer stops (returning this generator at its yield); closing it ends an unfinished transaction.
 */
export async function* cursorBatches(url: string, query: { sql: string; parameters: readonly unknown[] }): AsyncGenerator<unknown[][]> {
  const client = await openPostgresReader(url);
  try {
    await client.query('begin read only');
    await client.query({ text: `declare export_rows no scroll cursor for ${query.sql}`, values: [...query.parameters] });
    for (let wanted = FIRST_FETCH_ROWS; ;) {
      const { rows } = await client.query<unknown[]>({ text: `fetch ${wanted} from export_rows`, rowMode: 'array' });
      if (rows.length < wanted) {
        if (rows.length) yield rows;
        break;
      }
      wanted = Math.max(1, Math.min(FETCH_ROWS, Math.floor((FETCH_CHARS * rows.length) / Math.max(1, charsOf(rows)))));
      yield rows;
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}
