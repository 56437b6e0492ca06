/**
 * Counts failures (wrong passwords, reset mails sent) per key in a fixed window, and lets a caller read a
 * count without adding to it, or take back an attempt, which @fastify/rate-limit's stores cannot: a limit
 * that only failures consume, so an owner's correct password and a malformed request cost nothing. A slow
 * check (argon2) reserves its attempt first and releases it when it passes, so guesses sent at once each
 * see the ones before them. In Redis when REDIS_URL is set, so every app server sees the same counts; in
 * process memory otherwise and while Redis is away.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export type FailureCounter = {
  count(key: string): Promise<number>;
  add(key: string): Promise<void>;
  /** Counts an attempt before it is checked and answers the count including it, in one atomic step. */
  reserve(key: string): Promise<number>;
  /** Takes back a reserved attempt that turned out not to be a failure. */
  release(key: string): Promise<void>;
};

const PREFIX = 'failures:';
/**
 * Keys kept in memory at most: past it the oldest window is dropped early. A result day's families behind
 * many addresses fill a few hundred thousand; this bounds what a flood of new addresses can take (~100 MB).
 */
const MAX_KEYS = 1_000_000;
/** Decrements a live count only: a key that expired meanwhile must not come back without its expiry. */
const RELEASE = "if redis.call('get', KEYS[1]) and tonumber(redis.call('get', KEYS[1])) > 0 then return redis.call('decr', KEYS[1]) end return 0";

export function failureCounter(windowSeconds: number, redis: Redis | undefined, log: FastifyBaseLogger, maxKeys = MAX_KEYS): FailureCounter {
  const local = new Map<string, { n: number; until: number }>();
  const windowMs = windowSeconds * 1000;
  const live = (key: string) => {
    const entry = local.get(key);
    return entry && entry.until > Date.now() ? entry : undefined;
  };
  /**
   * A key's window starts when it is (re)inserted, and every window is as long, so the map's insertion
   * order is the order of expiry: the expired keys are the oldest, swept from the front until a live
   * one (a sweep of the whole map on every new key made each lookup from a new address cost the map's size).
   */
  const addLocally = (key: string) => {
    const entry = live(key);
    if (entry) return ++entry.n;
    const now = Date.now();
    for (const [k, v] of local) {
      if (v.until > now && local.size < maxKeys) break;
      local.delete(k);
    }
    local.delete(key);
    local.set(key, { n: 1, until: now + windowMs });
    return 1;
  };
  const memory: FailureCounter = {
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async add(key) {
      addLocally(key);
    },
    async reserve(key) {
      return addLocally(key);
    },
    async release(key) {
      const entry = live(key);
      if (entry && entry.n > 0) entry.n -= 1;
    },
  };
  if (!redis) return memory;
  let falling = false;
  const fallBack = (err: unknown) => {
    if (!falling) log.error({ err }, 'Redis unavailable: failed attempts are counted per process');
    falling = true;
    return memory;
  };
  const shared: FailureCounter = {
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
      await shared.reserve(key);
    },
    async reserve(key) {
      if (redis.status !== 'ready') return fallBack(undefined).reserve(key);
      try {
        // The window starts at the first failure and is not extended by later ones.
        const replies = await redis
          .multi()
          .set(PREFIX + key, 0, 'PX', windowMs, 'NX')
          .incr(PREFIX + key)
          .exec();
        const [error, n] = replies?.[1] ?? [new Error('transaction discarded'), 0];
        if (error) throw error;
        falling = false;
        return Number(n);
      } catch (err) {
        return fallBack(err).reserve(key);
      }
    },
    async release(key) {
      if (redis.status !== 'ready') return fallBack(undefined).release(key);
      try {
        await redis.eval(RELEASE, 1, PREFIX + key);
        falling = false;
      } catch (err) {
        await fallBack(err).release(key);
      }
    },
  };
  return shared;
}

/** Counts nothing, for configurations without rate limits (RATE_LIMIT=false in tests and benchmarks). */
export const uncounted: FailureCounter = { count: async () => 0, add: async () => {}, reserve: async () => 0, release: async () => {} };
