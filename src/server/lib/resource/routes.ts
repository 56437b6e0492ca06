/**
 * The endpoints of a resource (architecture §4): list, fetch one, store, update, soft-delete,
 * restore and destroy under /api/v1/{name}, guarded by the definition's roles and owner rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type MessageKey, translate } from '../../../common/messages.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { IdBody, ListQuery, paginatedOf } from '../../../common/schemas/list.js';
import { type Abilities, Policy } from '../../../common/schemas/rows.js';
import { MAX_ID } from '../../../common/validation.js';
import type { SessionUser } from '../authenticate.js';
import { requireRole } from '../authenticate.js';
import { HttpError, ValidationError, forbidden, notFound, uniqueViolation } from '../errors.js';
import { requestLang } from '../language.js';
import { answeredUnchanged, versionsOf } from '../conditional.js';
import { definedOnly } from '../objects.js';
import { slugify } from '../slug.js';
import { now } from '../time.js';
import { type AuditAction, changedFields, clientOf, recordAudit } from '../audit.js';
import { refusingBadValues, valueParameters } from './data-errors.js';
import type { AnyDb, Caller, ResourceDefinition, TransactionContext, WriteAction } from './definition.js';
import { paginate, pageUrlOf } from './paginator.js';
import { compiledSerializer } from './serializer.js';
import {
  attachRelations,
  checkRelations,
  countRows,
  filteredQuery,
  ordering,
  pageIds,
  pageOf,
  searchMatchedIds,
  selectColumns,
  selectedColumns,
  unfiltered,
} from './query.js';

const IdParams = z.object({ id: z.coerce.number({ error: 'not_found' }).int().positive().max(MAX_ID) });

/**
 * A row as the API shows it: every column of the definition, by id, within the caller's reach.
 * `lock` takes the row's write lock in the caller's transaction: FOR UPDATE on PostgreSQL; on SQLite
 * a transaction holds the one connection, so no other write interleaves anyway.
 */
async function fetchRow(
  app: FastifyInstance,
  definition: ResourceDefinition,
  id: number,
  user: SessionUser,
  db: AnyDb = app.db,
  lock = false,
): Promise<Record<string, unknown>> {
  const base = definition.source ? definition.source(db) : db.selectFrom(definition.table);
  const query = selectColumns(base, definition, Object.keys(definition.columns)).where(`${definition.table}.id`, '=', id);
  const locked = lock && app.config.database.dialect === 'postgres' ? query.forUpdate(definition.table) : query;
  const row = (await locked.executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw notFound();
  if (definition.owner && user.role === 'institute' && row[definition.owner] !== user.id) throw forbidden();
  return definition.present ? definition.present(row) : row;
}

/**
 * The owner of a new or changed row: an institute's own id (another one is a 422), or for an
 * admin the institute chosen in the form, which must be an institute account.
 */
async function applyOwner(app: FastifyInstance, definition: ResourceDefinition, body: Record<string, unknown>, user: SessionUser): Promise<void> {
  const owner = definition.owner;
  if (!owner) return;
  if (user.role === 'institute') {
    if (body[owner] !== undefined && body[owner] !== user.id) throw new ValidationError({ [owner]: ['not_your_institute'] });
    body[owner] = user.id;
    return;
  }
  if (typeof body[owner] !== 'number') throw new ValidationError({ [owner]: ['institute_required'] });
  if (!(await institutesAmong(app.db, [body[owner]])).size) throw new ValidationError({ [owner]: ['invalid_choice'] });
}

/** Which of `ids` are institute accounts: the owners an admin may choose for a row. */
export async function institutesAmong(db: AnyDb, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = (await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.id', 'users.role_id')
    .select('users.id')
    .where('users.id', 'in', ids)
    .where('user_roles.slug', '=', 'institute')
    .execute()) as { id: number }[];
  return new Set(rows.map((row) => row.id));
}

/** A unique column that clashes becomes a 422 on that field instead of a 500. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const column = uniqueViolation(error);
    // The slug is made from the title, so a clash is the title's.
    if (column) throw new ValidationError({ [column === 'slug' ? 'title' : column]: ['unique_taken'] });
    throw error;
  }
}

/** Every field of a form schema as null: an update clears what the submitted form left empty. */
function clearedFields(schema: z.ZodType): Record<string, null> {
  return schema instanceof z.ZodObject ? Object.fromEntries(Object.keys(schema.shape).map((field) => [field, null])) : {};
}

/**
 * A relation id in a form must name an existing row: a 422 on that field, not a foreign-key error.
 * The owner column is left out: applyOwner has already made it the caller or a checked institute.
 */
async function checkReferences(app: FastifyInstance, definition: ResourceDefinition, body: Record<string, unknown>): Promise<void> {
  for (const relation of Object.values(definition.relations ?? {})) {
    const id = body[relation.foreignKey];
    if (typeof id !== 'number' || relation.foreignKey === definition.owner) continue;
    const found = await app.db.selectFrom(relation.table).select('id').where('id', '=', id).executeTakeFirst();
    if (!found) throw new ValidationError({ [relation.foreignKey]: ['invalid_choice'] });
  }
}

/** Query keys a list understands besides the definition's filter columns. */
const LIST_PARAMETERS = new Set(Object.keys(ListQuery.shape));

const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data });
const withPolicies = <T extends z.ZodType>(data: T) => z.object({ message: z.string(), data, policies: z.array(Policy) });
const DONE = envelope(z.null());
const ERRORS = { 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope, 422: ValidationErrorEnvelope };

/**
 * What `caller` may do with `row` (sent with every row, as the client's offer of Edit, Deactive and
 * Destroy): the write roles, the owner rule and the guard, the checks the writes themselves make.
 */
export function abilitiesOf(definition: ResourceDefinition, caller: Caller, row: Record<string, unknown>): Abilities {
  const { user } = caller;
  const writes = definition.roles.write.includes(user.role) && !(definition.owner && user.role === 'institute' && row[definition.owner] !== user.id);
  const may = (action: WriteAction) => {
    if (!writes) return false;
    try {
      definition.guardWrite?.(caller, row, action);
      return true;
    } catch {
      return false;
    }
  };
  // A deactivated row comes back only through an admin (the restore route's rule).
  return { update: may('update'), soft_delete: may('soft-delete'), restore: user.role === 'admin' && may('restore'), destroy: may('destroy') };
}

export function registerResource(app: FastifyInstance, definition: ResourceDefinition): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { name, table } = definition;
  const base = `/${name}`;
  const read = { onRequest: requireRole(...definition.roles.read) };
  const write = { onRequest: requireRole(...definition.roles.write) };
  const tags = [name];
  const security = [{ bearer: [] }];
  const message = (request: FastifyRequest, key: MessageKey) => translate(requestLang(request), key);
  const caller = (request: FastifyRequest): Caller => ({ user: request.user!, client: clientOf(request) });
  /** What the caller may do with each of the answer's rows, one entry per distinct set of abilities. */
  const policies = (request: FastifyRequest, rows: Record<string, unknown>[]) => {
    const who = caller(request);
    const byAbilities = new Map<string, { ids: number[]; abilities: Abilities }>();
    for (const row of rows) {
      const abilities = abilitiesOf(definition, who, row);
      const key = `${+abilities.update}${+abilities.soft_delete}${+abilities.restore}${+abilities.destroy}`;
      const entry = byAbilities.get(key);
      if (entry) entry.ids.push(row.id as number);
      else byAbilities.set(key, { ids: [row.id as number], abilities });
    }
    return [...byAbilities.values()];
  };
  // Every answer is described by the resource's row schema (beside its form schema in src/common/schemas): a list or a
  // write answers the columns it read, a fetched row all of them.
  const listed = definition.row.partial();
  const listAnswer = { 200: withPolicies(paginatedOf(listed)), ...ERRORS };
  const rowAnswer = { 200: withPolicies(definition.row), ...ERRORS };
  const writeAnswer = { 200: withPolicies(listed), ...ERRORS };
  const doneAnswer = { 200: DONE, ...ERRORS };
  const audit = (ctx: TransactionContext, action: AuditAction, id: number, before: Record<string, unknown> | null, after: Record<string, unknown> | null) =>
    recordAudit(ctx.trx, { actor: ctx.user, client: ctx.client, action, entity: name, entityId: id, before, after });

  // Checked on the raw query: a key such as __proto__ would not survive parsing to be refused later.
  const refuseUnknownFilters = async (request: FastifyRequest) => {
    for (const key of Object.keys(request.query as object)) {
      if (!LIST_PARAMETERS.has(key) && !definition.filterable.includes(key)) throw new ValidationError({ [key]: ['unknown_column'] });
    }
  };

  api.get(
    base,
    {
      ...read,
      preValidation: refuseUnknownFilters,
      schema: { tags, security, querystring: ListQuery, response: listAnswer },
      serializerCompiler: compiledSerializer,
    },
    async (request, reply) => {
      const query = request.query;
      const user = request.user!;
      checkRelations(definition, query.relations);
      // Before any row is read: an unchanged list costs this one read of its counters.
      if (definition.versions && answeredUnchanged(request, reply, await versionsOf(app.db, definition.versions(user)))) return reply;
      const columns = selectedColumns(definition, query.fields);
      // What relations and abilities need: foreign keys, the owner and the guard's columns.
      for (const column of [...(query.relations ?? []).map((relation) => definition.relations![relation]!.foreignKey), ...(definition.guardColumns ?? [])]) {
        if (!columns.includes(column)) columns.push(column);
      }
      if (definition.owner && !columns.includes(definition.owner)) columns.push(definition.owner);
      const order = ordering(definition, query);
      const { page, perPage } = pageOf(definition, query);
      const byId = order.ref === `${table}.id`;
      // A keyset continues the id order only; any other order pages by offset.
      if (query.after_id !== undefined && !byId) throw new ValidationError({ after_id: ['unknown_column'] });
      const { total, capped, rows } = await refusingBadValues(valueParameters(query, LIST_PARAMETERS), async () => {
        // A search index's matches are found once, for the total and the page alike.
        const matchedIds = await searchMatchedIds(app.db, definition, query, user, app.config.searchCountCap, app.readPool);
        const filtered = filteredQuery(app.db, { definition, query, user, matchedIds });
        const { total, capped } =
          definition.countedTotal && unfiltered(query)
            ? { total: await definition.countedTotal(app.db, user), capped: false }
            : await countRows(app.db, filtered, query, app.config.searchCountCap, matchedIds);
        // The search's ids are the list's rows in id order: the page is theirs to cut, not a sort of them all.
        const cut =
          byId && matchedIds?.listed ? pageIds(matchedIds.ids, order.direction, { afterId: query.after_id, offset: (page - 1) * perPage }, perPage) : undefined;
        const paged = cut ? filteredQuery(app.db, { definition, query, user, matchedIds: { ...matchedIds!, ids: cut } }) : filtered;
        const rows = (await selectColumns(paged, definition, columns)
          .orderBy(order.ref, order.direction)
          .$if(order.ref !== `${table}.id`, (q) => q.orderBy(`${table}.id`, order.direction))
          .$if(!cut && query.after_id !== undefined, (q) => q.where(`${table}.id`, order.direction === 'desc' ? '<' : '>', query.after_id!))
          .limit(perPage)
          .$if(!cut && query.after_id === undefined, (q) => q.offset((page - 1) * perPage))
          .execute()) as Record<string, unknown>[];
        return { total, capped, rows };
      });
      await attachRelations(app.db, definition, rows, query.relations);
      const shaped = definition.present ? rows.map((row) => definition.present!(row, true)) : rows;
      return {
        message: message(request, 'ok'),
        // Ordered by id, the next page's link is a keyset after this page's last row: a deep page costs what the first does.
        data: paginate(shaped, total, page, perPage, pageUrlOf(request.url), capped, byId && rows.length === perPage ? (rows.at(-1)!.id as number) : undefined),
        policies: policies(request, rows),
      };
    },
  );

  api.get(
    `${base}/:id`,
    { ...read, schema: { tags, security, params: IdParams, response: rowAnswer }, serializerCompiler: compiledSerializer },
    async (request) => {
      const row = await fetchRow(app, definition, request.params.id, request.user!);
      await attachRelations(app.db, definition, [row], Object.keys(definition.relations ?? {}));
      return { message: message(request, 'ok'), data: row, policies: policies(request, [row]) };
    },
  );

  const { storeSchema, updateSchema } = definition;
  // A resource nobody may write (the audit log) has no write routes at all.
  if (definition.roles.write.length === 0 || !storeSchema || !updateSchema) return;

  api.post(
    `${base}/store`,
    { ...write, schema: { tags, security, body: storeSchema, response: writeAnswer }, serializerCompiler: compiledSerializer },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      const who = caller(request);
      await applyOwner(app, definition, body, who.user);
      await checkReferences(app, definition, body);
      /** The plain insert of the parsed form, with its audit entry when the resource has one, in one transaction. */
      const insert = () =>
        app.db.transaction().execute(async (trx) => {
          const at = now();
          const row = await (trx as AnyDb)
            .insertInto(table)
            .values({
              ...body,
              ...('creator' in definition.columns ? { creator: who.user.id } : {}),
              slug: slugify(String(body.title ?? ''), `${name}-${Date.now().toString(36)}`),
              created_at: at,
              updated_at: at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const id = (row as { id: number }).id;
          const action = definition.audited?.store;
          if (action) await audit({ ...who, trx }, action, id, null, await fetchRow(app, definition, id, who.user, trx));
          return id;
        });
      // A custom create chooses its transaction (registrations share one among concurrent creates).
      const stored = await writing(() => (definition.create ? definition.create({ ...who, db: app.db }, body) : insert()));
      const data = typeof stored === 'number' ? await fetchRow(app, definition, stored, who.user) : definition.present ? definition.present(stored) : stored;
      return { message: message(request, 'stored'), data, policies: policies(request, [data]) };
    },
  );

  api.post(
    `${base}/update`,
    { ...write, schema: { tags, security, body: IdBody.and(updateSchema), response: writeAnswer }, serializerCompiler: compiledSerializer },
    async (request) => {
      const { id, ...body } = request.body as { id: number } & Record<string, unknown>;
      const who = await guarded(request, id, 'update');
      await applyOwner(app, definition, body, who.user);
      await checkReferences(app, definition, body);
      await writing(() =>
        app.db.transaction().execute(async (trx) => {
          const ctx = { ...who, trx };
          const locked = await lockedForWrite(ctx, id, 'update');
          if (definition.update) await definition.update(ctx, id, body);
          else
            await (trx as AnyDb)
              .updateTable(table)
              .set({ ...clearedFields(updateSchema), ...definedOnly(body), updated_at: now() })
              .where('id', '=', id)
              .execute();
          const action = definition.audited?.update;
          if (!action) return;
          const { updated_at: _at, ...after } = await fetchRow(app, definition, id, who.user, trx);
          const change = changedFields(locked, after);
          if (Object.keys(change.after).length > 0) await audit(ctx, action, id, change.before, change.after);
        }),
      );
      const row = await fetchRow(app, definition, id, who.user);
      return { message: message(request, 'updated'), data: row, policies: policies(request, [row]) };
    },
  );

  /**
   * The caller once the row is known to exist, to be theirs and to allow `action`: the early
   * answer (404, 403) before the body's own checks. The write itself checks again below.
   */
  const guarded = async (request: FastifyRequest, id: number, action: WriteAction): Promise<Caller> => {
    const who = caller(request);
    // Fetched on its own line: inside `guardWrite?.(…)` it would be skipped when there is no guard.
    const existing = await fetchRow(app, definition, id, who.user);
    definition.guardWrite?.(who, existing, action);
    return who;
  };

  /**
   * The row as the write's transaction sees it, locked and checked by the guard again: a check made
   * before the transaction could pass on a row that a concurrent write (an approval) changes before
   * this one commits, and the write would then undo it.
   */
  const lockedForWrite = async (ctx: TransactionContext, id: number, action: WriteAction) => {
    const row = await fetchRow(app, definition, id, ctx.user, ctx.trx, true);
    definition.guardWrite?.(ctx, row, action);
    return row;
  };

  for (const [action, status, done, logged] of [
    ['soft-delete', 0, 'deactivated', 'record.soft_delete'],
    ['restore', 1, 'restored', 'record.restore'],
  ] as const) {
    api.post(
      `${base}/${action}`,
      { ...write, schema: { tags, security, body: IdBody, response: doneAnswer }, serializerCompiler: compiledSerializer },
      async (request) => {
        const { id } = request.body;
        // A deactivated row comes back only through an admin (architecture §5), so an institute cannot
        // undo a deactivation an admin decided.
        if (action === 'restore' && request.user!.role !== 'admin') throw new HttpError(403, 'restore_admin_only');
        const who = await guarded(request, id, action);
        await app.db.transaction().execute(async (trx) => {
          const ctx = { ...who, trx };
          const existing = await lockedForWrite(ctx, id, action);
          if (definition.setStatus) await definition.setStatus(ctx, id, status);
          else await (trx as AnyDb).updateTable(table).set({ status, updated_at: now() }).where('id', '=', id).execute();
          if (existing.status !== status) await audit(ctx, logged, id, { status: existing.status }, { status });
        });
        return { message: message(request, done), data: null };
      },
    );
  }

  api.post(
    `${base}/destroy`,
    { ...write, schema: { tags, security, body: IdBody, response: doneAnswer }, serializerCompiler: compiledSerializer },
    async (request) => {
      const { id } = request.body;
      const who = await guarded(request, id, 'destroy');
      try {
        await app.db.transaction().execute(async (trx) => {
          const ctx = { ...who, trx };
          const existing = await lockedForWrite(ctx, id, 'destroy');
          if (definition.destroy) await definition.destroy(ctx, id);
          else await trx.deleteFrom(table).where('id', '=', id).execute();
          await audit(ctx, 'record.destroy', id, existing, null);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new HttpError(409, 'in_use');
        throw error;
      }
      return { message: message(request, 'destroyed'), data: null };
    },
  );
}

function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /FOREIGN KEY constraint failed/.test(error.message) || (error as Error & { code?: string }).code === '23503';
}
