/**
 * POST /api/v1/export-data (spec §7 Export): a resource's rows as CSV or an Excel workbook (`format`),
 * newest first, pulled by the response as the client reads so memory stays flat (architecture §8),
 * headers and codes in the caller's language (`lang`, else Accept-Language; labels.ts).
 * SQLite iterates one statement on a read-only connection of its own; PostgreSQL fetches from a
 * server-side cursor on a connection of its own (not the pool's). Models and columns come from the
 * resource definitions; an institute only gets its own rows.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type CompiledQuery, sql } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ExportBody, type ExportFormat, type ListQuery } from '../../../common/schemas/list.js';
import { forbidden, ValidationError } from '../../lib/errors.js';
import type { ResourceDefinition } from '../../lib/resource/definition.js';
import { refusingBadValues } from '../../lib/resource/data-errors.js';
import { filteredQuery, selectColumns } from '../../lib/resource/query.js';
import { requestLang } from '../../lib/language.js';
import { slugify } from '../../lib/slug.js';
import { dhakaToday } from '../../../common/season.js';
import type { SessionUser } from '../../lib/authenticate.js';
import { openPostgresReader, openSqliteReader } from '../../db/connect.js';
import { resources } from '../resources.js';
import { csvChunks } from './csv.js';
import { headerOf, labelledBatches } from './labels.js';
import { xlsxStream } from './xlsx.js';

/** Rows a PostgreSQL FETCH brings: one round trip each. */
const FETCH_ROWS = 1000;
/**
 * SQLite hands rows on in small groups: rows still held when the young generation is collected get
 * promoted and then wait for a full collection, which is what made the export's memory grow.
 */
const SQLITE_GROUP = 100;

/** An export filters exactly as its list does. */
const asListQuery = (body: ExportBody) => ({ search: body.search, status: body.status, conditions: body.conditions }) as ListQuery;

type Scope = { definition: ResourceDefinition; body: ExportBody; user: SessionUser; columns: string[] };

/**
 * SQLite: the whole export is one statement, its rows as arrays (no object per row). The connection is
 * opened on the first pull and closed when the rows end or the download stops.
 */
function* sqliteBatches(file: string, query: CompiledQuery): Generator<unknown[][]> {
  const reader = openSqliteReader(file);
  try {
    const rows = reader
      .prepare(query.sql)
      .raw(true)
      .iterate(...query.parameters) as IterableIterator<unknown[]>;
    let batch: unknown[][] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === SQLITE_GROUP) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  } finally {
    reader.close();
  }
}

/**
 * PostgreSQL: one server-side cursor in a read-only transaction, fetched FETCH_ROWS at a time as the
 * client reads. The cursor's query runs on one snapshot, so rows written during the download neither
 * appear nor vanish (no row twice or missed). Rows come as arrays (pg's rowMode): no object with a
 * string key per cell. The connection, one of its own (not the pool's), is opened on the first pull and
 * closed when the rows end, the read fails or the download stops (the stream then returns this
 * generator at its yield); closing it ends an unfinished transaction.
 */
async function* postgresBatches(url: string, query: CompiledQuery): AsyncGenerator<unknown[][]> {
  const client = await openPostgresReader(url);
  try {
    await client.query('begin read only');
    await client.query({ text: `declare export_rows no scroll cursor for ${query.sql}`, values: [...query.parameters] });
    for (;;) {
      const { rows } = await client.query<unknown[]>({ text: `fetch ${FETCH_ROWS} from export_rows`, rowMode: 'array' });
      if (rows.length) yield rows;
      if (rows.length < FETCH_ROWS) break;
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

function exportBatches(app: FastifyInstance, { definition, body, user, columns }: Scope): Iterable<unknown[][]> | AsyncIterable<unknown[][]> {
  const query = selectColumns(filteredQuery(app.db, { definition, query: asListQuery(body), user }), definition, columns)
    .orderBy(`${definition.table}.id`, 'desc')
    .compile();
  const database = app.config.database;
  return database.dialect === 'postgres' ? postgresBatches(database.url, query) : sqliteBatches(database.file, query);
}

type Batches = ReturnType<typeof exportBatches>;

type Stream = (title: string, columns: string[], header: string[], batches: Batches) => Readable;

const FORMATS: Record<ExportFormat, { extension: string; contentType: string; stream: Stream }> = {
  // One piece read ahead: the socket's own buffer is the rest of the backpressure.
  csv: {
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    stream: (_title, columns, header, batches) => Readable.from(csvChunks(columns, header, batches), { highWaterMark: 1 }),
  },
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', stream: xlsxStream },
};

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const exportable = new Map(resources.filter((r) => r.exportColumns).flatMap((r) => [r.name, ...(r.exportAliases ?? [])].map((name) => [name, r] as const)));

  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/export-data',
      { schema: { tags: ['export'], security: [{ bearer: [] }], body: ExportBody }, onRequest: app.authenticate },
      async (request, reply) => {
        const body = request.body;
        const user = request.user!;
        const definition = exportable.get(body.model);
        if (!definition) throw new ValidationError({ model: ['invalid_choice'] });
        if (!definition.roles.read.includes(user.role)) throw forbidden();
        const allowed = definition.exportColumns!;
        const columns = body.columns?.length ? body.columns : [...allowed];
        if (columns.some((column) => !allowed.includes(column))) throw new ValidationError({ columns: ['unknown_column'] });
        // Checks the filters before the first byte is sent, so a bad name or value is still a 422.
        const probe = filteredQuery(app.db, { definition, query: asListQuery(body), user });
        await refusingBadValues(
          ['search', 'conditions'].filter((key) => body[key as 'search'] !== undefined),
          () => probe.clearSelect().select(sql.lit(1).as('one')).limit(1).execute(),
        );

        const title = slugify(body.export_title, definition.name);
        const format = FORMATS[body.format ?? 'csv'];
        const lang = body.lang ?? requestLang(request);
        // The day in Bangladesh, where the file is read: at 02:00 there, UTC still says yesterday.
        const filename = `${title}-${dhakaToday()}.${format.extension}`;
        const header = columns.map((column) => headerOf(column, lang));
        const file = format.stream(title, columns, header, labelledBatches(columns, lang, exportBatches(app, { definition, body, user, columns })));
        file.once('error', (err) => request.log.error({ err }, 'export failed while streaming'));
        return reply
          .header('content-type', format.contentType)
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(file);
      },
    );
}
