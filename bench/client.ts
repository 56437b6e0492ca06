/**
 * Client budgets: the gzipped JavaScript each first screen downloads, from the Vite build manifest
 * (the entry and each screen's lazy chunks with everything they import statically), and Lighthouse
 * mobile scores for pages of the running server when Chromium is installed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './common.js';
import { SLOW_PHONE_VIEWPORT, throttleAsSlowPhone } from '../e2e/slow-phone-profile.js';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The lazy modules each screen loads after the entry, as source paths under src/web. */
export const SCREENS: Record<string, string[]> = {
  login: [],
  // The shell loads its Query provider beside it (app/AppRoutes.tsx): the login screen does without.
  dashboard: ['shell/Shell.tsx', 'app/QueryProvider.tsx', 'shell/DashboardScreen.tsx'],
  'registration form': ['shell/Shell.tsx', 'app/QueryProvider.tsx', 'features/registrations/module.tsx'],
};

export type ScreenSize = { screen: string; files: string[]; jsGzipKb: number; cssGzipKb: number };

/** Builds the client into `outDir` with a manifest, without touching dist/web. */
export function buildClient(outDir: string): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}

export function screenSizes(outDir: string): ScreenSize[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(outDir, file)), { level: 9 }).length / 1024;
  return Object.entries(SCREENS).map(([screen, lazyKeys]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
      seen.add(key);
      for (const imported of manifest[key]!.imports ?? []) visit(imported);
    };
    visit(entry);
    for (const key of lazyKeys) visit(key);
    const files = [...seen].map((key) => manifest[key]!.file);
    const css = [...new Set([...seen].flatMap((key) => manifest[key]!.css ?? []))];
    return {
      screen,
      files,
      jsGzipKb: Math.round(files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0) * 10) / 10,
      cssGzipKb: Math.round(css.reduce((sum, f) => sum + gz(f), 0) * 10) / 10,
    };
  });
}

export type LighthouseScore = { page: string; url: string; performance: number | null; accessibility: number | null; error?: string };

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Mobile performance and accessibility (0–100) of each page, Lighthouse's default mobile settings. */
export async function lighthouseScores(pages: { page: string; url: string }[]): Promise<LighthouseScore[]> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const scores: LighthouseScore[] = [];
  for (const { page, url } of pages) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox'] });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
      const categories = result?.lhr.categories;
      const score = (name: string) => (categories?.[name]?.score == null ? null : Math.round(categories[name]!.score! * 100));
      scores.push({ page, url, performance: score('performance'), accessibility: score('accessibility'), error: result?.lhr.runtimeError?.message });
    } catch (error) {
      scores.push({ page, url, performance: null, accessibility: null, error: String(error) });
    } finally {
      chrome.kill();
    }
  }
  return scores;
}

export type PhoneLoad = { screen: string; path: string; firstMs: number; repeatMs: number; firstKb: number; repeatKb: number; error?: string };

/**
 * The throttled phone of the slow-phone journeys (e2e/slow-phone-profile.ts).
 * Each screen is visited first with nothing cached, then again in the same browser (its cache, the API's
 * ETags): the time from the navigation to the screen's content in the page (marked in the page itself, so
 * no polling of the test's is counted) and the bytes that came over the network for it.
 */
export async function phoneLoads(base: string, token: string, tokenKey: string): Promise<PhoneLoad[]> {
  const { chromium } = await import('playwright-core');
  const screens = [
    { screen: "institute's dashboard", path: '/', selector: '[data-testid="stat-value"]' },
    { screen: "institute's list", path: '/scholarship-registrations', selector: '[data-testid="list-row"]' },
  ];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const loads: PhoneLoad[] = [];
  try {
    for (const { screen, path: pagePath, selector } of screens) {
      const context = await browser.newContext({ viewport: SLOW_PHONE_VIEWPORT });
      await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [tokenKey, token] as const);
      // The moment the content is in the page, taken by the page itself as the document changes.
      await context.addInitScript((wanted) => {
        const seen = window as unknown as { shownAt?: number };
        new MutationObserver((_records, observer) => {
          if (!document.querySelector(wanted)) return;
          seen.shownAt = performance.now();
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      }, selector);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await throttleAsSlowPhone(cdp);
      let bytes = 0;
      cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
      const visit = async () => {
        bytes = 0;
        await page.goto(`${base}${pagePath}`, { waitUntil: 'commit' });
        const shown = await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt, undefined, { timeout: 60_000 });
        const ms = Math.round((await shown.jsonValue()) as number);
        await page.waitForLoadState('networkidle');
        return { ms, kb: Math.round(bytes / 102.4) / 10 };
      };
      try {
        const first = await visit();
        const repeat = await visit();
        loads.push({ screen, path: pagePath, firstMs: first.ms, repeatMs: repeat.ms, firstKb: first.kb, repeatKb: repeat.kb });
      } catch (error) {
        loads.push({ screen, path: pagePath, firstMs: 0, repeatMs: 0, firstKb: 0, repeatKb: 0, error: String(error) });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return loads;
}
