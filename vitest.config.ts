import { configDefaults, defineConfig } from 'vitest/config';

const apiTests = ['src/server/modules/**/*.test.ts'];
/**
 * Tests that need PostgreSQL whatever the dialect: the generated row types (scripts/db-types/) are read from it,
 * and a connection lost in use is PostgreSQL's alone.
 */
const postgresTests = ['src/server/db/tables.generated.test.ts', 'src/server/db/connect.test.ts'];

/** Unit tests once; the API suite twice, on a SQLite file and on PostgreSQL (TEST_DB picks the dialect). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/common/**/*.test.ts', 'src/server/*.test.ts', 'src/server/lib/**/*.test.ts', 'src/server/db/**/*.test.ts', 'src/web/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...postgresTests],
        },
      },
      { test: { name: 'api-sqlite', include: apiTests, env: { TEST_DB: 'sqlite' }, testTimeout: 20_000, hookTimeout: 30_000 } },
      { test: { name: 'api-postgres', include: [...apiTests, ...postgresTests], env: { TEST_DB: 'postgres' }, testTimeout: 20_000, hookTimeout: 30_000 } },
    ],
  },
});
