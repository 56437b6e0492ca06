/**
 * Queries built and compiled once, then run with new values. Kysely rebuilds and recompiles a query on
 * every call; for the queries every request runs (the session check, the dashboard numbers) that was
 * about a fifth of a request's CPU in the benchmark's profile. The SQL text also stays the same string, so
 * the SQLite statement cache finds it without hashing a new string each time.
 */
import { type Compilable, type CompiledQuery, type Kysely, PostgresAdapter } from 'kysely';
import type { Database } from './types.js';

const ARGUMENT = Symbol('argument');
type Placeholder = { [ARGUMENT]: string };

const isPlaceholder = (value: unknown): value is Placeholder => typeof value === 'object' && value !== null && ARGUMENT in value;

/** Placeholders in place of the arguments: a builder may only pass them on as values, never compute with them. */
const placeholders = new Proxy({}, { get: (_, name) => ({ [ARGUMENT]: String(name) }) });

/**
 * PostgreSQL: the SQL texts of prepared queries, each with the name of its server-side prepared
 * statement. The pool's connections run these by name (connect.ts), so PostgreSQL parses and plans each
 * once per connection instead of on every run: the institute dashboard's query cost 440–530 µs of the
 * server's CPU unnamed and 113–130 µs named (bench/results/analysis.md).
 */
export const statementNames = new Map<string, string>();

/**
 * `build` receives placeholders for `args` and returns the query; it runs once per dialect. Every
 * argument must reach the query as a single value (no `in` lists, no `$if` on an argument), so the SQL
 * is the same whatever the values are.
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(build: (db: Kysely<Database>, args: Args) => Compilable<Row>) {
  const compiled = new Map<unknown, CompiledQuery<Row>>();
  return async (db: Kysely<Database>, args: Args): Promise<Row[]> => {
    // One compilation per dialect: the adapter's class says which (a transaction shares its database's).
    const dialect = db.getExecutor().adapter.constructor;
    let query = compiled.get(dialect);
    if (!query) {
      query = build(db, placeholders as Args).compile();
      compiled.set(dialect, query);
      if (db.getExecutor().adapter instanceof PostgresAdapter && !statementNames.has(query.sql))
        statementNames.set(query.sql, `prepared_${statementNames.size + 1}`);
    }
    const parameters = query.parameters.map((value) => (isPlaceholder(value) ? args[value[ARGUMENT]] : value));
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}
