/**
 * Counts failures (wrong passwords, reset mails sent) per key in a fixed window, and lets a caller read a
 * count without adding to it, which @fastify/rate-limit's stores cannot: a limit that only failures
 * consume, so an owner's correct password and a malformed request cost nothing. In Redis when REDIS_URL
 * is set, so every app server sees the same counts; in process memory otherwise and while Redis is away.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type FailureCounter = {
  count(key: string): Promise<number>;
  add(key: string): Promise<void>;
};

const PREFIX = 'failures:';
/** Past this many keys in memory, expired ones are swept before a new one is added. */
const SWEEP_AT = 10_000;

export function failureCounter(windowSeconds: number, redis: Redis | undefined, log: FastifyBaseLogger): FailureCounter {
  const local = new Map<string, { n: number; until: number }>();
  const windowMs = windowSeconds * 1000;
  const live = (key: string) => {
    const entry = local.get(key);
    return entry && entry.until > Date.now() ? entry : undefined;
  };
  const memory: FailureCounter = {
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async add(key) {
      const entry = live(key);
      if (entry) {
        entry.n += 1;
        return;
      }
      if (local.size >= SWEEP_AT) for (const [k, v] of local) if (v.until <= Date.now()) local.delete(k);
      local.set(key, { n: 1, until: Date.now() + windowMs });
    },
  };
  if (!redis) return memory;
  let falling = false;
  const fallBack = (err: unknown) => {
    if (!falling) log.error({ err }, 'Redis unavailable: failed attempts are counted per process');
    falling = true;
    return memory;
  };
  return {
    async count(key) {
      if (redis.status !== 'ready') return fallBack(undefined).count(key);
      try {
        const value = await redis.get(PREFIX + key);
        falling = false;
        return Number(value ?? 0);
      } catch (err) {
        return fallBack(err).count(key);
      }
    },
    async add(key) {
      if (redis.status !== 'ready') return fallBack(undefined).add(key);
      try {
        // The window starts at the first failure and is not extended by later ones.
        await redis
          .multi()
          .set(PREFIX + key, 0, 'PX', windowMs, 'NX')
          .incr(PREFIX + key)
          .exec();
        falling = false;
      } catch (err) {
        await fallBack(err).add(key);
      }
    },
  };
}

/** Counts nothing, for configurations without rate limits (RATE_LIMIT=false in tests and benchmarks). */
export const uncounted: FailureCounter = { count: async () => 0, add: async () => {} };
