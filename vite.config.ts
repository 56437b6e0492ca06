/** The web client: built from src/web into dist/web, where the server serves it. */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react()],
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
  },
  server: {
    // The API and the public website are served by the Fastify server (npm run dev:server).
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/site': 'http://127.0.0.1:8080',
    },
  },
});
