/**
 * A resource is data: which table, which columns may be selected, searched, sorted and filtered,
 * which relations may be loaded, the shared schemas of its forms, who may read and write it and
 * who owns a row. The routes, list queries and exports are derived from it (routes.ts, query.ts).
 */
import type { Expression, Kysely, SelectQueryBuilder, SqlBool, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Role } from '../../../common/constants.js';
import type { SessionUser } from '../authenticate.js';
import type { Database } from '../../db/types.js';
import type { AuditAction, AuditClient } from '../audit.js';

// The machinery composes queries from names it has checked against the definition; Kysely's
// static column types cannot follow names chosen at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any> | Transaction<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * What a search index answers: a condition on the rows, or a query of the matching ids (one `id`
 * column), which a list runs once for its total and page; with `within`, a query of the newest
 * `count` of them among the rows whose columns equal `filters` (status, owner, a list's column
 * filters, as text), for an index that holds those columns too and stops at `count` itself;
 * undefined when it lacks one of them.
 */
export type SearchMatch =
  Expression<SqlBool> | { ids: Expression<unknown>; within?: (filters: Readonly<Record<string, string>>, count: number) => Expression<unknown> | undefined };

/** A row as written, with every column of its resource's `columns` under its own name. */
export type StoredRow = Record<string, unknown> & { id: number };

/** A belongs-to relation: `foreignKey` on this resource's table points at `table.id`. */
export type Relation = { table: keyof Database & string; foreignKey: string; columns: readonly string[] };

export type WriteAction = 'update' | 'soft-delete' | 'restore' | 'destroy';

/** Who writes: the account, and its client for the audit log. */
export type Caller = { user: SessionUser; client: AuditClient };
/** A create gets the database and opens the transaction it needs itself (registrations group theirs with other creates). */
export type CreateContext = Caller & { db: Kysely<Database> };
/**
 * Updates, status changes and deletions run inside the route's transaction, which holds the row's
 * lock and the audit entry: `trx` is that transaction, passed on to everything the write does.
 */
export type TransactionContext = Caller & { trx: Transaction<Database> };

/** The owner column as a hook receives it; unknown to the machinery, which handles every resource alike. */
type OwnerFilled<Owner extends string> = string extends Owner ? unknown : Record<Owner, number>;

/**
 * A resource's server side, on top of its entry in src/common/resources.ts (name, roles, row
 * schema, list columns). `Store` and `Update` are the parsed bodies of its two forms, which its
 * custom writes receive with the `Owner` column filled in (the caller's institute or the admin's checked choice).
 */
export type ResourceDefinition<Store = Record<string, unknown>, Update = Store, Owner extends string = string> = {
  /** URL segment under /api/v1 and the `model` of an export. */
  name: string;
  /** The row as the API answers it: the response schema of every route, and the columns' allow-list is checked against it. */
  row: z.ZodObject;
  /** Its writes change the public website (its cache is cleared after them). */
  publicSite?: boolean;
  table: keyof Database & string;
  /** Public column name → SQL reference; the only columns ever read. Secrets are never listed. */
  columns: Readonly<Record<string, string>>;
  /** Columns a list returns when it does not ask for `fields`. */
  listColumns?: readonly string[];
  searchable: readonly string[];
  /**
   * A search over an index for lists too big to scan (a case-insensitive "contains" over the
   * `searchable` columns, as the default); undefined for a text the index cannot answer, which
   * then falls back to the default `like`. It is a condition, or `{ ids }`: a query of the matching
   * rows' ids, which a list runs once and shares between its total and its page (see SearchMatch).
   */
  searchIndex?: (text: string, dialect: 'sqlite' | 'postgres') => SearchMatch | undefined;
  /**
   * How many rows the caller's unfiltered list holds (active rows, no search, condition or filter),
   * from counters the writes maintain, so a list page does not count a season's rows (a count over
   * a million rows holds SQLite's event loop for 20–40 ms).
   */
  countedTotal?: (db: Kysely<Database>, user: SessionUser) => Promise<number>;
  sortable: readonly string[];
  filterable: readonly string[];
  relations?: Readonly<Record<string, Relation>>;
  /** FROM clause with any joins the columns need; the table alone by default. */
  source?: (db: AnyDb) => AnySelect;
  /** Form schemas; a resource nobody may write (`roles.write` empty) has none and gets no write routes. */
  storeSchema?: z.ZodType<Store>;
  updateSchema?: z.ZodType<Update>;
  roles: { read: readonly Role[]; write: readonly Role[] };
  /** Column holding the owning institute's user id: an institute sees and changes only its own rows. */
  owner?: Owner;
  defaultPageSize?: number;
  /** Columns of its CSV export; no export without it. */
  exportColumns?: readonly string[];
  /** Other names an export request may give as its `model`: the spec's client names some by their old class. */
  exportAliases?: readonly string[];
  /**
   * Custom writes for resources with rules (users); plain inserts/updates of the parsed body otherwise.
   * `create` gives the new row's id, or the stored row itself (every column, e.g. from RETURNING)
   * so the answer needs no second read.
   */
  create?(ctx: CreateContext, body: Store & OwnerFilled<Owner>): Promise<number | StoredRow>;
  update?(ctx: TransactionContext, id: number, body: Update & OwnerFilled<Owner>): Promise<void>;
  /** Custom status changes and deletion, for resources that keep counters in step. */
  setStatus?: (ctx: TransactionContext, id: number, status: 0 | 1) => Promise<void>;
  destroy?: (ctx: TransactionContext, id: number) => Promise<void>;
  /**
   * Audit actions of a store or update (status changes and deletions of every resource are always logged).
   * A custom `create` opens its own transaction and writes its own entries, so it has no `store` action.
   */
  audited?: { store?: AuditAction; update?: AuditAction };
  /** Throws to refuse changing, deactivating or deleting a row, e.g. one's own account. */
  guardWrite?: (caller: Caller, row: Record<string, unknown>, action: WriteAction) => void;
  /** The columns `guardWrite` reads: a list reads them too, so the abilities it sends with each row are the guard's answer. */
  guardColumns?: readonly string[];
  /**
   * The change counters (`change_versions` scopes) of everything the caller's list shows: with them a
   * list carries an ETag and an unchanged one is answered 304 without reading its rows (lib/conditional.ts).
   * Every table the list reads, joins included, must bump one of these scopes (migration 2026-12-16).
   */
  versions?: (user: SessionUser) => readonly string[];
  /**
   * Shapes a row for the answer, e.g. to add a nested object the spec shows. `listed` is true for a
   * list's rows, which send each fact once: a nested copy of columns the row already has is left out there.
   */
  present?: (row: Record<string, unknown>, listed?: boolean) => Record<string, unknown>;
};

/** `{id: 'table.id', title: 'table.title', …}`: each column of `table` under its own name, checked against the table's type. */
export function columnsOf<T extends keyof Database & string>(table: T, names: readonly (keyof Database[T] & string)[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, `${table}.${name}`]));
}

/**
 * Checks a definition at start-up (every named column exists, every column and relation is in the
 * row schema) and erases its body types: the routes hand each hook the body its own schema parsed.
 */
export function defineResource<Store extends object, Update extends object = Store, Owner extends string = never>(
  definition: ResourceDefinition<Store, Update, Owner>,
): ResourceDefinition {
  const { name, row } = definition;
  if (definition.roles.write.length > 0 && !(definition.storeSchema && definition.updateSchema)) throw new Error(`${name}: writable without form schemas`);
  if (definition.create && definition.audited?.store) throw new Error(`${name}: a custom create writes its own audit entry`);
  if (definition.guardWrite && !definition.guardColumns) throw new Error(`${name}: a guard without the columns it reads`);
  for (const list of [
    definition.listColumns ?? [],
    definition.guardColumns ?? [],
    definition.searchable,
    definition.sortable,
    definition.filterable,
    definition.exportColumns ?? [],
  ]) {
    for (const column of list) {
      if (!(column in definition.columns)) throw new Error(`${name}: ${column} is not one of its columns`);
    }
  }
  for (const field of [...Object.keys(definition.columns), ...Object.keys(definition.relations ?? {})]) {
    if (!(field in row.shape)) throw new Error(`${name}: ${field} is not in its row schema`);
  }
  defined.add(definition);
  return definition as unknown as ResourceDefinition;
}

const defined = new WeakSet<object>();

/** Whether `value` came out of defineResource: how the resource list tells definitions from a module's other exports. */
export const isResourceDefinition = (value: unknown): value is ResourceDefinition => typeof value === 'object' && value !== null && defined.has(value);
