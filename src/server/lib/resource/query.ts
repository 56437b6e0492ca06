/**
 * Turns a checked list query into SQL for one resource. Every name that came from the client is
 * looked up in the definition first; an unknown one is a 422 naming the parameter, never SQL.
 */
import { CompiledQuery, type ExpressionBuilder, type Expression, PostgresAdapter, type SqlBool, sql } from 'kysely';
import type { Conditions, ConditionOperator, ListQuery } from '../../../common/schemas/list.js';
import type { SessionUser } from '../authenticate.js';
import { DEFAULT_PAGE_SIZE, STATUS_ACTIVE } from '../../../common/constants.js';
import { ValidationError } from '../errors.js';
import type { ReadPool } from '../../db/read-pool.js';
import type { AnyDb, AnySelect, ResourceDefinition, SearchMatch } from './definition.js';

/** Query keys with a meaning of their own; every other key is a column filter. */
const RESERVED = new Set(['page', 'after_id', 'paginate', 'status', 'orderByCol', 'orderByAsc', 'search', 'fields', 'relations', 'conditions']);

const OPERATORS: Record<Exclude<ConditionOperator, 'like' | 'in'>, '=' | '<>' | '>' | '>=' | '<' | '<='> = {
  eq: '=',
  ne: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
};

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function refOf(definition: ResourceDefinition, column: string, parameter: string): string {
  const ref = Object.hasOwn(definition.columns, column) ? definition.columns[column] : undefined;
  if (!ref) throw new ValidationError({ [parameter]: ['unknown_column'] });
  return ref;
}

function filterRef(definition: ResourceDefinition, column: string, parameter: string): string {
  if (!definition.filterable.includes(column)) throw new ValidationError({ [parameter]: ['unknown_column'] });
  return refOf(definition, column, parameter);
}

type Scalar = string | number | null;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Eb = ExpressionBuilder<any, any>;

function comparison(eb: Eb, ref: string, operator: string, value: Scalar | Scalar[], parameter: string): Expression<SqlBool> {
  if (operator === 'in') {
    if (!Array.isArray(value) || value.length === 0) throw new ValidationError({ [parameter]: ['invalid_conditions'] });
    return eb(eb.ref(ref), 'in', value);
  }
  if (Array.isArray(value)) throw new ValidationError({ [parameter]: ['invalid_conditions'] });
  if (operator === 'like') {
    if (typeof value !== 'string') throw new ValidationError({ [parameter]: ['invalid_conditions'] });
    return sql<SqlBool>`lower(${eb.ref(ref)}) like lower(${containsPattern(value)}) escape '\\'`;
  }
  const op = Object.hasOwn(OPERATORS, operator) ? OPERATORS[operator as keyof typeof OPERATORS] : undefined;
  if (!op) throw new ValidationError({ [parameter]: ['unknown_operator'] });
  if (value === null) return op === '=' ? eb(eb.ref(ref), 'is', null) : op === '<>' ? eb(eb.ref(ref), 'is not', null) : failConditions(parameter);
  return eb(eb.ref(ref), op, value);
}

function failConditions(parameter: string): never {
  throw new ValidationError({ [parameter]: ['invalid_conditions'] });
}

function conditionFilters(eb: Eb, definition: ResourceDefinition, conditions: NonNullable<Conditions>): Expression<SqlBool>[] {
  return Object.entries(conditions).flatMap(([column, value]) => {
    const ref = filterRef(definition, column, 'conditions');
    if (value === null || typeof value !== 'object') return [comparison(eb, ref, 'eq', value, 'conditions')];
    return Object.entries(value).map(([operator, operand]) => comparison(eb, ref, operator, operand, 'conditions'));
  });
}

function dialectOf(db: AnyDb): 'sqlite' | 'postgres' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * What a list's search index found, when the caller asked it first (a list does, to use it for both
 * the total and the page): the newest matching ids, at most `cap` (`capped` when there
 * were more); `listed` when they are the list's own rows (its filters applied), so their number is its
 * total. Without it (an export) the index's query runs inline.
 */
export type SearchMatches = { ids: readonly number[]; capped: boolean; listed: boolean };

export type ListScope = { definition: ResourceDefinition; query: ListQuery; user: SessionUser; matchedIds?: SearchMatches };

/** Whether the list holds one owner's rows only: an institute's own, or an admin's filter on the owner. */
function narrowedToOneOwner(definition: ResourceDefinition, query: ListQuery, user: SessionUser): boolean {
  if (!definition.owner) return false;
  return user.role === 'institute' || (query as Record<string, unknown>)[definition.owner] !== undefined;
}

/** Whether a list narrows its rows beyond its search: another status, a condition or a column filter. */
function narrowedBeyondSearch(query: ListQuery): boolean {
  if ((query.status ?? STATUS_ACTIVE) !== STATUS_ACTIVE || query.conditions) return true;
  return Object.entries(query).some(([key, value]) => !RESERVED.has(key) && value !== undefined);
}

/**
 * A list's filters as column → value, each an equality (its status, its owner for an institute, its
 * column filters), for a search index that holds those columns; undefined when a filter is anything
 * else (conditions) or two of them disagree on one column.
 */
function equalityFilters(definition: ResourceDefinition, query: ListQuery, user: SessionUser): Record<string, string> | undefined {
  if (query.conditions) return undefined;
  const filters: Record<string, string> = { status: String(query.status ?? STATUS_ACTIVE) };
  const pairs = Object.entries(query).filter(([key, value]) => !RESERVED.has(key) && value !== undefined);
  if (definition.owner && user.role === 'institute') pairs.push([definition.owner, user.id]);
  for (const [column, value] of pairs) {
    const text = String(value);
    if (filters[column] !== undefined && filters[column] !== text) return undefined;
    filters[column] = text;
  }
  return filters;
}

/**
 * The search's `{ ids }` query run once, or undefined when the search is a condition or absent.
 * With a read pool (SQLite) the query runs on a worker thread: an FTS5 match costs milliseconds of
 * CPU, which on the app's synchronous connection every other request would wait for. Only the
 * newest `cap` + 1 ids come back (FTS5 walks its index in rowid order and stops there; PostgreSQL
 * reads the matching words' ids from their b-tree newest first and stops there), so a common surname
 * costs about what a rare one does.
 */
export async function searchMatchedIds(
  db: AnyDb,
  definition: ResourceDefinition,
  query: ListQuery,
  user: SessionUser,
  cap: number,
  readPool?: ReadPool,
): Promise<SearchMatches | undefined> {
  const match = query.search ? definition.searchIndex?.(query.search, dialectOf(db)) : undefined;
  if (!match || !('ids' in match)) return undefined;
  // An index that holds the list's filters gives its rows' ids: their number is the total, a page is a cut of them.
  const filters = equalityFilters(definition, query, user);
  const within = filters && match.within?.(filters, cap + 1);
  if (within) return { ...capped(await newestIds(db, sql`${within} order by id desc limit ${cap + 1}`.compile(db), readPool), cap), listed: true };
  // The cap bounds the rows the list holds: with an owner or another filter, the season's newest
  // matches may hold none of the list's, so the filters go into the match: the newest `cap` + 1 ids
  // of the whole list (on SQLite on the worker).
  if (narrowedToOneOwner(definition, query, user) || narrowedBeyondSearch(query)) {
    const table = definition.table;
    const listed = filteredQuery(db, { definition, query, user })
      .select(sql.ref(`${table}.id`).as('id'))
      .orderBy(`${table}.id`, 'desc')
      .limit(cap + 1)
      .compile();
    return { ...capped(await newestIds(db, listed, readPool), cap), listed: true };
  }
  // The index's matches in any status: the list's total counts those of its status.
  const ids = await newestIds(db, sql`${match.ids} order by id desc limit ${cap + 1}`.compile(db), readPool);
  return { ...capped(ids, cap), listed: false };
}

/**
 * One page of a list whose search ids are its rows (`listed`, newest first), in the list's id order:
 * after the keyset `afterId` when given, else from `offset`.
 */
export function pageIds(ids: readonly number[], direction: 'asc' | 'desc', from: { afterId?: number; offset: number }, perPage: number): number[] {
  const ordered = direction === 'desc' ? ids : [...ids].reverse();
  const { afterId } = from;
  const start = afterId === undefined ? from.offset : ordered.findIndex((id) => (direction === 'desc' ? id < afterId : id > afterId));
  return start < 0 ? [] : ordered.slice(start, start + perPage);
}

/**
 * The ids a query of the newest `cap` + 1 returns: on SQLite from the read pool's worker when there is
 * one; on PostgreSQL as one text: pg's reading of 10,001 one-column rows, with its escaping of them as
 * an array parameter (see inIds), took a third of the event loop's time in a common word's search
 * (CPU profile in bench/results/analysis.md).
 */
async function newestIds(db: AnyDb, compiled: CompiledQuery, readPool?: ReadPool): Promise<number[]> {
  if (readPool) return await readPool.firstColumn(compiled.sql, compiled.parameters);
  if (dialectOf(db) === 'postgres') {
    const joined = CompiledQuery.raw(`select string_agg(id::text, ',' order by id desc) as ids from (${compiled.sql}) as newest`, [...compiled.parameters]);
    const [row] = (await db.executeQuery<{ ids: string | null }>(joined)).rows;
    return row?.ids ? row.ids.split(',').map(Number) : [];
  }
  return (await db.executeQuery<{ id: number }>(compiled)).rows.map((row) => row.id);
}

function capped(ids: number[], cap: number): { ids: number[]; capped: boolean } {
  return ids.length > cap ? { ids: ids.slice(0, cap), capped: true } : { ids, capped: false };
}

/**
 * How many rows a list holds: counted exactly without a search; with one, counted up to
 * `cap` and `capped` past it (the count stops there instead of reading every match).
 */
export async function countRows(
  db: AnyDb,
  filtered: AnySelect,
  query: ListQuery,
  cap: number,
  matched?: SearchMatches,
): Promise<{ total: number; capped: boolean }> {
  if (matched?.capped) return { total: cap, capped: true };
  if (matched?.listed) return { total: matched.ids.length, capped: false };
  if (!query.search) {
    const [row] = (await filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll().as('total'))
      .execute()) as [{ total: number | string }];
    return { total: Number(row.total), capped: false };
  }
  const limited = filtered
    .clearSelect()
    .select(sql.lit(1).as('one'))
    .limit(cap + 1)
    .as('matched');
  const row = (await db
    .selectFrom(limited)
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string };
  const total = Number(row.total);
  return total > cap ? { total: cap, capped: true } : { total, capped: false };
}

/**
 * The row's id is one of `ids` (with the list's status): a JSON array SQLite reads with json_each, an
 * array parameter on PostgreSQL. On SQLite the pair (status, id) lets a (status, id) index answer a
 * count without reading each row (half the time of looking up every id, measured on the season).
 */
function inIds(db: AnyDb, table: string, status: number, ids: readonly number[]): Expression<SqlBool> {
  const id = sql.ref(`${table}.id`);
  // One text parameter: pg escapes an array's elements one by one on the event loop.
  if (dialectOf(db) === 'postgres') return sql<SqlBool>`${id} = any(${`{${ids.join(',')}}`}::integer[])`;
  return sql<SqlBool>`(${sql.ref(`${table}.status`)}, ${id}) in (select ${status}, value from json_each(${JSON.stringify(ids)}))`;
}

/** The condition an `{ ids }` search puts on a list's rows. */
function indexedMatch(
  db: AnyDb,
  table: string,
  status: number,
  match: Exclude<SearchMatch, Expression<SqlBool>>,
  matchedIds: SearchMatches | undefined,
): Expression<SqlBool> {
  if (matchedIds) return inIds(db, table, status, matchedIds.ids);
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (${match.ids})`;
}

/** Whether a list shows every active row its caller may see: no search, condition or column filter. */
export function unfiltered(query: ListQuery): boolean {
  return !query.search && !narrowedBeyondSearch(query);
}

/** The FROM, WHERE of a list or export: owner, status, search, conditions and column filters. */
export function filteredQuery(db: AnyDb, { definition, query, user, matchedIds }: ListScope): AnySelect {
  const base = definition.source ? definition.source(db) : db.selectFrom(definition.table);
  const extra = Object.entries(query).filter(([key]) => !RESERVED.has(key)) as [string, string][];
  const extraRefs = extra.map(([column, value]) => [filterRef(definition, column, column), value] as const);
  return base.where((eb: Eb) => {
    const status = query.status ?? STATUS_ACTIVE;
    const filters: Expression<SqlBool>[] = [eb(eb.ref(`${definition.table}.status`), '=', status)];
    if (definition.owner && user.role === 'institute') filters.push(eb(eb.ref(definition.columns[definition.owner]!), '=', user.id));
    if (query.search) {
      const match = definition.searchIndex?.(query.search, dialectOf(db));
      const indexed = match && 'ids' in match ? indexedMatch(db, definition.table, status, match, matchedIds) : match;
      const pattern = containsPattern(query.search);
      filters.push(
        indexed ?? eb.or(definition.searchable.map((column) => sql<SqlBool>`lower(${eb.ref(definition.columns[column]!)}) like lower(${pattern}) escape '\\'`)),
      );
    }
    if (query.conditions) filters.push(...conditionFilters(eb, definition, query.conditions));
    for (const [ref, value] of extraRefs) filters.push(eb(eb.ref(ref), '=', value));
    return eb.and(filters);
  });
}

/** The columns to return: the asked `fields` (always with id) or the list's defaults. */
export function selectedColumns(definition: ResourceDefinition, fields: readonly string[] | undefined): string[] {
  if (!fields || fields.length === 0) return [...(definition.listColumns ?? Object.keys(definition.columns))];
  for (const field of fields) refOf(definition, field, 'fields');
  return [...new Set(['id', ...fields])];
}

export function selectColumns(query: AnySelect, definition: ResourceDefinition, columns: readonly string[]): AnySelect {
  return query.select(columns.map((column) => sql.ref(definition.columns[column]!).as(column)));
}

export function ordering(definition: ResourceDefinition, query: ListQuery): { ref: string; direction: 'asc' | 'desc' } {
  const column = query.orderByCol ?? 'id';
  if (!definition.sortable.includes(column)) throw new ValidationError({ orderByCol: ['unknown_column'] });
  return { ref: definition.columns[column]!, direction: query.orderByAsc ? 'asc' : 'desc' };
}

export function pageOf(definition: ResourceDefinition, query: ListQuery): { page: number; perPage: number } {
  return { page: query.page ?? 1, perPage: query.paginate ?? definition.defaultPageSize ?? DEFAULT_PAGE_SIZE };
}

/** Loads the asked belongs-to relations onto the rows with one query per relation. */
export async function attachRelations(
  db: AnyDb,
  definition: ResourceDefinition,
  rows: Record<string, unknown>[],
  names: readonly string[] = [],
): Promise<void> {
  for (const name of names) {
    const relation = definition.relations && Object.hasOwn(definition.relations, name) ? definition.relations[name] : undefined;
    if (!relation) throw new ValidationError({ relations: ['unknown_relation'] });
    const ids = [...new Set(rows.map((row) => row[relation.foreignKey]).filter((id): id is number => typeof id === 'number'))];
    const related = ids.length
      ? await db
          .selectFrom(relation.table)
          .select(['id', ...relation.columns])
          .where('id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(related.map((r: Record<string, unknown>) => [r.id, r]));
    for (const row of rows) row[name] = byId.get(row[relation.foreignKey]) ?? null;
  }
}

/** Relation names are checked before any query runs, so a bad one never costs a count. */
export function checkRelations(definition: ResourceDefinition, names: readonly string[] = []): void {
  for (const name of names) {
    if (!definition.relations || !Object.hasOwn(definition.relations, name)) throw new ValidationError({ relations: ['unknown_relation'] });
  }
}
