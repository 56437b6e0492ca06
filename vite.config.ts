/** The web client: built from src/web into dist/web, where the server serves it. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { escapeHtml } from './src/server/lib/html.js';
import { paths } from './src/web/app/paths.js';
import { bn } from './src/web/i18n/bn.js';

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

/**
 * A copy of index.html for each public screen with its title and lead in the loader (frames/<path>.html,
 * which the server sends for that path): on a slow phone the page says what it is as soon as its HTML
 * arrives, a second before the app's script can (slow phones in docs/developers/development.md). Bengali,
 * the default language; the app replaces it with the screen in the reader's language.
 */
function publicFrames(): Plugin {
  const frames = [
    { path: paths.login, title: bn.login.title, lead: bn.login.subtitle },
    { path: paths.register, title: bn.register.title, lead: bn.register.subtitle },
    { path: paths.passwordReset, title: bn.passwordReset.title, lead: '' },
  ];
  return {
    name: 'public-frames',
    apply: 'build',
    // After Vite's own HTML plugin has put index.html in the bundle.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('public-frames: index.html is not in the bundle');
        const html = String(index.source);
        const loader = '<div class="boot">';
        if (!html.includes(loader)) throw new Error(`public-frames: index.html has no ${loader}`);
        for (const frame of frames) {
          const heading = `<div class="boot-frame"><h1>${escapeHtml(frame.title)}</h1>${frame.lead ? `<p>${escapeHtml(frame.lead)}</p>` : ''}</div>`;
          this.emitFile({ type: 'asset', fileName: `frames${frame.path}.html`, source: html.replace(loader, `${loader}${heading}`) });
        }
      },
    },
  };
}

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), publicFrames(), precompress()],
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
