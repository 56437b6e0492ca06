/**
 * Every app server keeps its own site cache; with Redis a site write on one server empties all of
 * them at once (publish/subscribe). A server that loses its subscription empties its cache when it
 * is back, since it may have missed messages meanwhile; until then entries still expire by their time to live.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SharedState } from '../../lib/redis.js';
import type { SiteCache } from './site-cache.js';

export const SITE_CHANNEL = 'site:invalidate';

/** Returns the invalidation to call on a site write: this server's cache, then every other server's. */
export function sharedInvalidation(cache: SiteCache, shared: SharedState | undefined, log: FastifyBaseLogger): () => void {
  if (!shared) return () => cache.invalidate();
  const { client, subscriber } = shared;
  subscriber.subscribe(SITE_CHANNEL).catch((err: unknown) => log.error({ err }, 'site cache: subscribing to invalidations failed'));
  subscriber.on('message', (channel) => {
    if (channel === SITE_CHANNEL) cache.invalidate();
  });
  // ioredis subscribes again after a reconnect; what was published meanwhile is lost, so start empty.
  subscriber.on('ready', () => cache.invalidate());
  return () => {
    cache.invalidate();
    client.publish(SITE_CHANNEL, '1').catch((err: unknown) => log.error({ err }, 'site cache: other servers not told of a site write (Redis unavailable)'));
  };
}
