/** Starts the server: configuration from the environment, then listen. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

try {
  // WEB_ROOT lets a second build (a parallel e2e run) be served instead of dist/web.
  const config = { ...loadConfig(), webRoot: process.env.WEB_ROOT ? path.resolve(process.env.WEB_ROOT) : path.join(root, 'dist/web') };
  const app = await buildApp(config);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: closing`);
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
