/**
 * POST /api/v1/export-data (spec §7 Export): a resource's rows as CSV or an Excel workbook (`format`),
 * newest first, pulled by the response as the client reads so memory stays flat (architecture §8),
 * headers and codes in the caller's language (`lang`, else Accept-Language; labels.ts).
 * SQLite iterates one statement on a read-only connection of its own; PostgreSQL fetches from a
 * server-side cursor on a connection of its own (not the pool's). A CSV is read and written in a worker
 * thread (csv-worker.ts), a workbook on the event loop in turns. Models and columns come from the resource definitions; an institute only gets its own rows.
 */
import { Readable } from 'node:stream';
import type { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { type CompiledQuery, sql } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorEnvelope, FileAnswer, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { ExportBody, type ExportFormat, type ListQuery } from '../../../common/schemas/list.js';
import { forbidden, ValidationError } from '../../lib/errors.js';
import type { ResourceDefinition } from '../../lib/resource/definition.js';
import { refusingBadValues } from '../../lib/resource/data-errors.js';
import { filteredQuery, selectColumns } from '../../lib/resource/query.js';
import { requestLang } from '../../lib/language.js';
import { slugify } from '../../lib/slug.js';
import { dhakaToday } from '../../../common/season.js';
import type { SessionUser } from '../../lib/authenticate.js';
import { sqliteBatches } from '../../db/sqlite-reader.js';
import { cursorBatches } from '../../db/postgres-reader.js';
import { moduleWorker } from '../../lib/module-worker.js';
import { resources } from '../resources.js';
import { csvChunks } from './csv.js';
import { headerOf, labelledBatches } from '../../lib/column-labels.js';
import { xlsxStream } from './xlsx.js';
import type { CsvWorkerData, CsvWorkerMessage } from './csv-worker.js';

/**
 * Pieces (~16 k characters each) the CSV worker may send before the response asks for more: with 4 the worker
 * waited on the response's asks (a million SQLite rows 12.9 s; with 16, 10.8 and 9.4 s), and 16 is ~0.5 MB held.
 */
const WORKER_CREDIT = 16;
/**
 * The worker's heap: its live data is one FETCH's rows (sized to ~512 k characters, postgres-reader.ts)
 * or one batch of SQLite's, and a piece or two of text, a few MB, so the old generation is collected long
 * before it could grow the way the main heap did. Measured on the million registrations: the process's peak
 * 193 MB with 16/4 MB against 196 MB with 32/8 MB; 24 MB leaves room for a single row of a few MB.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 24, maxYoungGenerationSizeMb: 4 };
/** A stopped worker normally ends within one batch; past this it is terminated (a PostgreSQL socket closes, ending the transaction). */
const STOP_GRACE_MS = 5000;

/** An export filters exactly as its list does. */
const asListQuery = (body: ExportBody) => ({ search: body.search, status: body.status, conditions: body.conditions }) as ListQuery;

type Scope = { definition: ResourceDefinition; body: ExportBody; user: SessionUser; columns: string[] };

function exportQuery(app: FastifyInstance, { definition, body, user, columns }: Scope): CompiledQuery {
  return selectColumns(filteredQuery(app.db, { definition, query: asListQuery(body), user }), definition, columns)
    .orderBy(`${definition.table}.id`, 'desc')
    .compile();
}

/** The rows in batches, read on the event loop (the .xlsx): SQLite's statement, or PostgreSQL's cursor. */
function exportBatches(app: FastifyInstance, query: CompiledQuery): Iterable<unknown[][]> | AsyncIterable<unknown[][]> {
  const database = app.config.database;
  return database.dialect === 'postgres' ? cursorBatches(database.url, query) : sqliteBatches(database.file, query);
}

/**
 * The CSV, read and written by a worker thread (csv-worker.ts) started on the first pull. Each pull allows
 * the worker one more piece, so a slow client holds back the reading. When the download stops early the
 * worker is told to stop, which closes its connection.
 */
function workerCsv(data: Omit<CsvWorkerData, 'credit'>): Readable {
  let worker: Worker | undefined;
  let finished = false;
  const stream = new Readable({
    // Pieces of text as they are (no Buffer made of each), one held ahead.
    objectMode: true,
    highWaterMark: 1,
    read() {
      if (worker) return void worker.postMessage('more');
      worker = moduleWorker(import.meta.url, 'csv-worker', {
        workerData: { ...data, credit: WORKER_CREDIT } satisfies CsvWorkerData,
        resourceLimits: WORKER_LIMITS,
      });
      worker.on('message', (message: CsvWorkerMessage) => {
        if ('piece' in message) stream.push(message.piece);
        else if ('done' in message) {
          finished = true;
          stream.push(null);
        } else stream.destroy(new Error(message.error));
      });
      // A worker that ran out of its heap or failed to start: the download ends with an error.
      worker.on('error', (error) => stream.destroy(error));
      worker.on('exit', (code) => {
        if (!finished && !stream.destroyed) stream.destroy(new Error(`export worker exited with code ${code}`));
      });
    },
    destroy(error, callback) {
      if (worker && !finished) {
        const running = worker;
        running.postMessage('stop');
        const timer = setTimeout(() => void running.terminate(), STOP_GRACE_MS);
        timer.unref();
        running.once('exit', () => clearTimeout(timer));
      }
      callback(error);
    },
  });
  return stream;
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

  app.withTypeProvider<ZodTypeProvider>().post(
    '/export-data',
    {
      schema: {
        tags: ['export'],
        security: [{ bearer: [] }],
        body: ExportBody,
        response: { 200: FileAnswer, 401: ErrorEnvelope, 403: ErrorEnvelope, 422: ValidationErrorEnvelope },
      },
      onRequest: app.authenticate,
    },
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
      const query = exportQuery(app, { definition, body, user, columns });
      const database = app.config.database;
      const file =
        format === FORMATS.csv
          ? workerCsv({ database, query: { sql: query.sql, parameters: query.parameters }, columns, header, lang })
          : format.stream(title, columns, header, labelledBatches(columns, lang, exportBatches(app, query)));
      file.once('error', (err) => request.log.error({ err }, 'export failed while streaming'));
      return reply
        .header('content-type', format.contentType)
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
}
