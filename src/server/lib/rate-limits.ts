/**
 * Limits for the calls people guess at: per client address and per account named in the body, so
 * neither one address nor many addresses against one account get far. Counters live in Redis when
 * REDIS_URL is set, in process memory otherwise (rate-limit-store.ts). Both run before validation, so malformed attempts count too;
 * per-address limits run as onRequest hooks, before the body is read, so a refused caller costs no body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

type Limit = { max: number; timeWindow: string; key: (request: FastifyRequest) => string | Promise<string> };

/** One hook (onRequest, or preValidation when a key reads the body) applying every limit; the plugin's own hook would run only the first. */
export function rateLimited(app: FastifyInstance, limits: Limit[]): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  if (!app.config.rateLimit) return async () => {};
  const checks = limits.map(({ max, timeWindow, key }) => app.createRateLimit({ max, timeWindow, keyGenerator: key }));
  return async (request, reply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new HttpError(429, 'too_many_requests');
      }
    }
  };
}

export const byAddress = (route: string) => (request: FastifyRequest) => `${route}:ip:${request.ip}`;
