/**
 * POST /api/v1/export-data (spec §7 Export): a resource's rows as CSV, streamed in id-ordered
 * batches so memory stays flat and no database connection is held for the whole download.
 * Models and columns come from the resource definitions; an institute only gets its own rows.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ExportBody, type ListQuery } from '../../../common/schemas/list.js';
import { forbidden, ValidationError } from '../../lib/errors.js';
import type { ResourceDefinition } from '../../lib/resource/definition.js';
import { refusingBadValues } from '../../lib/resource/data-errors.js';
import { filteredQuery, selectColumns } from '../../lib/resource/query.js';
import { slugify } from '../../lib/slug.js';
import type { PublicUser } from '../../../common/schemas/user.js';
import { resources } from '../resources.js';
import { csvStream } from './csv.js';

const BATCH = 1000;

/** An export filters exactly as its list does. */
const asListQuery = (body: ExportBody) => ({ search: body.search, status: body.status, conditions: body.conditions }) as ListQuery;

async function* exportRows(app: FastifyInstance, definition: ResourceDefinition, body: ExportBody, user: PublicUser, columns: string[]) {
  const idRef = `${definition.table}.id`;
  let before: number | undefined;
  for (;;) {
    const query = filteredQuery(app.db, { definition, query: asListQuery(body), user });
    const batch = (await selectColumns(query, definition, columns.includes('id') ? columns : ['id', ...columns])
      .$if(before !== undefined, (q) => q.where(idRef, '<', before))
      .orderBy(idRef, 'desc')
      .limit(BATCH)
      .execute()) as Record<string, unknown>[];
    for (const row of batch) yield row;
    if (batch.length < BATCH) return;
    before = batch[batch.length - 1]!.id as number;
  }
}

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const exportable = new Map(resources.filter((r) => r.exportColumns).map((r) => [r.name, r]));

  app.withTypeProvider<ZodTypeProvider>().post(
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
      await refusingBadValues(['search', 'conditions'].filter((key) => body[key as 'search'] !== undefined), () => probe.clearSelect().select(sql.lit(1).as('one')).limit(1).execute());

      const title = slugify(body.export_title, definition.name);
      const filename = `${title}-${new Date().toISOString().slice(0, 10)}.csv`;
      const csv = csvStream(columns);
      (async () => {
        for await (const row of exportRows(app, definition, body, user, columns)) {
          if (!csv.write(row)) await new Promise((resolve) => csv.once('drain', resolve));
        }
        csv.end();
      })().catch((err: unknown) => {
        request.log.error({ err }, 'export failed while streaming');
        csv.destroy(err as Error);
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
}
