/**
 * A server module's front door: `modules/<name>/index.ts` exports one as `module`, and buildApp
 * (app.ts) registers every module it finds there, so a module is added by adding its folder.
 * Architecture §10: modules meet through this file only.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/types.js';

export type ServerModule = {
  /**
   * The tables this module writes, and no other: scripts/check-imports.mjs fails on a write to one of them
   * from elsewhere (another module asks this one through this file).
   */
  tables: readonly (keyof Database)[];
  /** Routes under /api: what is reached before or without a session (health, places, sign-in). */
  api?: FastifyPluginAsync;
  /** Routes under /api/v1, the versioned API (resources are found by modules/resources.ts). */
  v1?: FastifyPluginAsync;
  /** Public pages at the site's root, served in the site's frame. */
  site?: (app: FastifyInstance) => void | Promise<void>;
  /** Work that runs beside the routes (timers), started once the app is built. */
  start?: (app: FastifyInstance) => void;
};

export function defineModule(module: ServerModule): ServerModule {
  return module;
}

export function isServerModule(value: unknown): value is ServerModule {
  return typeof value === 'object' && value !== null && 'tables' in value && Array.isArray(value.tables);
}
