/**
 * Where @fastify/rate-limit keeps its counters: in Redis when REDIS_URL is set, so every app server
 * counts the same attempts; in process memory otherwise, and whenever Redis does not answer (a limit
 * per process is better than none, and far better than refusing logins). The fallback is logged.
 */
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';

type Result = { current: number; ttl: number };
type Callback = (err: Error | null, result?: Result) => void;
type Store = { incr(key: string, cb: (err: Error | null, result: Result | null) => void, timeWindow: number, max: number): void };

export const RATE_LIMIT_PREFIX = 'rate-limit:';

/** A store class for the plugin's `store` option (it calls `new Store(globalParams)`). */
export function fallbackStore(redis: Redis, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  return class FallbackStore {
    private readonly shared: Store;
    private readonly local: Store;
    private falling = false;

    constructor(options: object) {
      // The plugin passes its global parameters, which its types leave unnamed.
      const params = options as { continueExceeding: boolean; exponentialBackoff: boolean };
      this.shared = new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, RATE_LIMIT_PREFIX);
      this.local = new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      if (redis.status !== 'ready') return this.locally(key, cb, timeWindow, max);
      this.shared.incr(
        key,
        (err, result) => {
          if (err) {
            this.locally(key, cb, timeWindow, max, err);
            return;
          }
          if (this.falling) log.warn('rate limits counted in Redis again');
          this.falling = false;
          cb(null, result ?? undefined);
        },
        timeWindow,
        max,
      );
    }

    private locally(key: string, cb: Callback, timeWindow: number, max: number, err?: Error) {
      if (!this.falling) log.error({ err }, 'Redis unavailable: rate limits are counted per process');
      this.falling = true;
      this.local.incr(key, (localErr, result) => cb(localErr, result ?? undefined), timeWindow, max);
    }

    child() {
      return this;
    }
  };
}
