/** Starts the server: configuration from the environment, then listen; SIGTERM/SIGINT close it gracefully. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

/** The project folder: the nearest one above this file with a package.json (src/server or dist/node/server). */
function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('no package.json above the server');
    dir = parent;
  }
  return dir;
}

/** How long requests in flight get to finish after a stop signal before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 30_000;

/**
 * Stop accepting connections, let the requests in flight finish (app.close() waits for them; idle
 * keep-alive connections are closed as soon as they are idle), then close the database and exit 0. A second signal
 * or the grace period running out ends the process with 1.
 */
function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) {
        app.log.warn(`${signal} again: exiting without waiting`);
        process.exit(1);
      }
      closing = true;
      app.log.info(`${signal}: closing, finishing requests in flight`);
      setTimeout(() => {
        app.log.error(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: exiting`);
        process.exit(1);
      }, SHUTDOWN_GRACE_MS).unref();
      // A connection whose last request finishes after the signal would otherwise stay open as keep-alive.
      setInterval(() => app.server.closeIdleConnections(), 100).unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'close failed');
          process.exit(1);
        },
      );
    });
  }
}

try {
  // WEB_ROOT lets a second build (a parallel e2e run) be served instead of dist/web.
  const config = { ...loadConfig(), webRoot: process.env.WEB_ROOT ? path.resolve(process.env.WEB_ROOT) : path.join(projectRoot(), 'dist/web') };
  const app = await buildApp(config);
  for (const warning of config.warnings) app.log.warn(warning);
  closeOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
