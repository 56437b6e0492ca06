/** The web client: built from src/web into dist/web, where the server serves it. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * Writes .br and .gz beside every text asset, so the server can send them compressed without
 * compressing on each request (@fastify/static `preCompressed`). Most users are on slow mobile data.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const texts = Object.keys(bundle).filter((file) => /\.(js|css|html|svg|json)$/.test(file));
      for (const file of texts) {
        const target = path.join(options.dir as string, file);
        const content = await readFile(target);
        await writeFile(`${target}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${target}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), precompress()],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the first screen needs in one file: one request on a slow connection, and it
        // compresses better than the same code spread over several shared chunks. The forms' examples
        // helper (a few lines every form schema imports) goes with zod's chunk rather than into one of
        // its own, which the first screen's preload list would have to name.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'validation', test: /src[\\/]common[\\/]examples\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    // The API and the public website are served by the Fastify server (npm run dev:server).
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/site': 'http://127.0.0.1:8080',
    },
  },
});
