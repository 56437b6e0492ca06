/**
 * Helmet's response headers, worked out once at start. @fastify/helmet builds every helmet middleware
 * again on each request (4% of a small request's CPU in the benchmark's profile); our policy has no part
 * that changes per request (no nonces), so the headers are a fixed set.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return [...headers];
}

/**
 * Sets the headers on every response, errors and 404s included; a route may still replace one (the public site's CSP).
 * Returns them for the answers the router gives before any hook runs.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): [string, string][] {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  return headers;
}
