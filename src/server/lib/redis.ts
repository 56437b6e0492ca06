/**
 * The state several app servers share through Redis when REDIS_URL is set (architecture §2 and §9):
 * rate-limit counters and the public site's cache invalidation. Redis is a helper, never a dependency
 * of a request: commands fail at once while it is away (no offline queue), the servers keep serving,
 * and ioredis reconnects in the background.
 */
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

export type SharedState = {
  /** Commands (rate-limit counters, publishing). */
  client: Redis;
  /** A connection in subscriber mode (Redis allows nothing else on it). */
  subscriber: Redis;
  close(): Promise<void>;
};

const options = {
  // A request never waits for a reconnect: a command while Redis is away fails at once.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 2000,
  // Retry every half second up to 5 s apart, for as long as the server runs.
  retryStrategy: (attempt: number) => Math.min(attempt * 500, 5000),
};

export function connectRedis(url: string, log: FastifyBaseLogger): SharedState {
  const client = new Redis(url, { ...options, connectionName: 'app' });
  // The subscriber queues its SUBSCRIBE until connected, so a server started before Redis still subscribes.
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true, connectionName: 'app-subscriber' });
  for (const [name, connection] of [
    ['client', client],
    ['subscriber', subscriber],
  ] as const) {
    let down = false;
    connection.on('error', (err) => {
      if (!down)
        log.error({ err, connection: name }, 'Redis unreachable: rate limits count per process and other servers miss site invalidations until it is back');
      down = true;
    });
    connection.on('ready', () => {
      if (down) log.warn({ connection: name }, 'Redis reachable again');
      down = false;
    });
  }
  return {
    client,
    subscriber,
    async close() {
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
