/**
 * Imports are the heaviest requests an account can send (a file read, every row checked): one at a
 * time per account (409), `imports.concurrent` at once across the server (503 with Retry-After), and
 * `imports.perTenMinutes` per account (429, counted when the request arrives, before its body is
 * read). The registration import, the marks import and the bulk photos share the same slots.
 * docs/operators/security.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { HttpError } from '../errors.js';
import { rateLimited } from '../rate-limits.js';

/** Seconds a caller refused for a full server is asked to wait: a large sheet takes a few seconds. */
const BUSY_RETRY_SECONDS = 10;

type Slots = { running: Set<number>; count: number };
/** Per app (its config object), so test apps in one process do not share slots. */
const slotsOf = new WeakMap<Config, Slots>();

export function importGate(app: FastifyInstance) {
  let slots = slotsOf.get(app.config);
  if (!slots) slotsOf.set(app.config, (slots = { running: new Set(), count: 0 }));
  const taken = slots;
  const limit = rateLimited(app, [{ max: app.config.imports.perTenMinutes, timeWindow: '10 minutes', key: (request) => `import:account:${request.user!.id}` }]);
  /**
   * Takes the account's slot, or refuses: for work that outlives its request (a job), which gives
   * it back by calling the answer when it ends.
   */
  const take = (request: FastifyRequest, reply: FastifyReply): (() => void) => {
    const account = request.user!.id;
    if (taken.running.has(account)) throw new HttpError(409, 'import_running');
    if (taken.count >= app.config.imports.concurrent) {
      reply.header('retry-after', BUSY_RETRY_SECONDS);
      throw new HttpError(503, 'import_busy');
    }
    taken.running.add(account);
    taken.count++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      taken.running.delete(account);
      taken.count--;
    };
  };
  return {
    /** The onRequest hook counting the account's imports; after the role check. */
    limit,
    take,
    /** The import's handler, run in a slot or refused. */
    slotted<Request extends FastifyRequest, Reply extends FastifyReply, T>(handler: (request: Request, reply: Reply) => Promise<T>) {
      return async (request: Request, reply: Reply): Promise<T> => {
        const release = take(request, reply);
        try {
          return await handler(request, reply);
        } finally {
          release();
        }
      };
    },
  };
}
