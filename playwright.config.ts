/**
 * End-to-end tests in Debian's Chromium against the built client served by the real server, on a
 * free port with a fresh database. `npm run build` must have run first (npm test does it).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { freePort } from './src/server/test/free-port.js';

// Workers load this file again; the environment carries the main process's choices to them.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'scholarship-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'line' : 'list',
  // A whole journey (a dozen screens, argon2 logins) takes ~20 s on a quiet machine; time budgets are the
  // benchmark's, so a busy CI machine gets room instead of a failure that says nothing about the product.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'bn-BD',
    timezoneId: 'Asia/Dhaka',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium (never `npx playwright install`); npm test may name another one.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // One proxy hop: the journeys that register accounts by API say which address each comes from, so the
      // suite's many schools are not one address over the register limit (30 an hour per address).
      TRUST_PROXY: '1',
    },
  },
});
