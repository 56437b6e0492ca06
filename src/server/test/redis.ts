/**
 * The machine's Redis for tests (127.0.0.1:6379, or TEST_REDIS_URL), in a database number of the test
 * file's own, emptied before and after. Without Redis the tests that need it are skipped with a
 * warning, except under CI=true, where a missing Redis fails the run (like PostgreSQL in scripts/test.mjs).
 */
import { Redis } from 'ioredis';

const BASE = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ci = process.env.CI === 'true' || process.env.CI === '1';

export type TestRedis = { url: string; flush(): Promise<void> };

/** A random database 1–15 of the test Redis, empty; undefined (after a warning) when Redis is unreachable outside CI. */
export async function testRedis(): Promise<TestRedis | undefined> {
  const url = new URL(BASE);
  url.pathname = `/${1 + Math.floor(Math.random() * 15)}`;
  const probe = new Redis(url.toString(), { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.flushdb();
  } catch (err) {
    if (ci) throw new Error(`CI needs Redis at ${BASE} for the shared-state tests: ${String(err)}`);
    console.warn(`\n  ⚠ Redis unreachable at ${BASE}: the shared-state tests are SKIPPED (${String(err)})\n`);
    return undefined;
  } finally {
    probe.disconnect();
  }
  return {
    url: url.toString(),
    async flush() {
      const client = new Redis(url.toString(), { maxRetriesPerRequest: 0 });
      await client.flushdb();
      client.disconnect();
    },
  };
}
