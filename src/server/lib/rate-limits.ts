/**
 * Limits for the calls people guess at: per client address and per account named in the body, so
 * neither one address nor a botnet against one account gets far. Counters live in process memory.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

export function ipLimit(app: FastifyInstance, route: string, max: number, timeWindow: string): preHandlerAsyncHookHandler {
  if (!app.config.rateLimit) return async () => {};
  return app.rateLimit({ max, timeWindow, groupId: `ip:${route}` }) as preHandlerAsyncHookHandler;
}

export function accountLimit(
  app: FastifyInstance,
  route: string,
  max: number,
  timeWindow: string,
  account: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  if (!app.config.rateLimit) return async () => {};
  return app.rateLimit({ max, timeWindow, groupId: `account:${route}`, keyGenerator: (request) => `account:${route}:${account(request)}` }) as preHandlerAsyncHookHandler;
}
