import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { preparedQuery } from './prepared.js';
import type { Database } from './types.js';

type Row = { key: string; value: string | null };

describe('preparedQuery', () => {
  let db: Kysely<Database>;
  let compiles = 0;

  beforeEach(async () => {
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema.createTable('setting_values').addColumn('key', 'text').addColumn('value', 'text').execute();
    await db
      .insertInto('setting_values')
      .values([
        { key: 'a', value: '1' },
        { key: 'b', value: '2' },
        { key: 'c', value: null },
      ] as never)
      .execute();
    compiles = 0;
  });
  afterEach(() => db.destroy());

  const between = preparedQuery((kysely, args: { from: string; to: string }) => {
    compiles += 1;
    return kysely.selectFrom('setting_values').select(['key', 'value']).where('key', '>=', args.from).where('key', '<=', args.to).orderBy('key');
  });

  it('builds once and runs with each call’s values, in their places', async () => {
    expect(((await between(db, { from: 'a', to: 'b' })) as Row[]).map((r) => r.key)).toEqual(['a', 'b']);
    expect(((await between(db, { from: 'b', to: 'c' })) as Row[]).map((r) => r.key)).toEqual(['b', 'c']);
    expect(await between(db, { from: 'x', to: 'z' })).toEqual([]);
    expect(compiles).toBe(1);
  });

  it('keeps the builder’s own constants and runs inside a transaction', async () => {
    const nonNull = preparedQuery((kysely, args: { from: string }) =>
      kysely.selectFrom('setting_values').select('key').where('key', '>=', args.from).where('value', 'is not', null),
    );
    expect(await nonNull(db, { from: 'a' })).toEqual([{ key: 'a' }, { key: 'b' }]);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('setting_values')
        .values({ key: 'd', value: '4' } as never)
        .execute();
      expect(await nonNull(trx, { from: 'c' })).toEqual([{ key: 'd' }]);
    });
  });
});
