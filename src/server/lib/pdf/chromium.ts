/**
 * The one Chromium the PDF generator prints with (Debian's, at CHROMIUM_PATH; never a downloaded one):
 * launched on first use, launched again after a crash, closed with the app. Its pages run no script and
 * fetch nothing: a document carries its fonts and images as data: URLs.
 */
import fs from 'node:fs/promises';
import type { Browser, BrowserContext } from 'playwright-core';

/** stack-notes.md: what Debian's Chromium needs here, and nothing that phones home. */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export class ChromiumUnavailable extends Error {}

export class SharedChromium {
  private launching: Promise<BrowserContext> | undefined;
  private browser: Browser | undefined;
  private closed = false;

  constructor(private readonly executablePath: string) {}

  /** The browser's context, launching the browser when none runs. */
  context(): Promise<BrowserContext> {
    if (this.closed) return Promise.reject(new ChromiumUnavailable('the PDF generator is closed'));
    this.launching ??= this.launch().catch((error: unknown) => {
      this.launching = undefined;
      throw error;
    });
    return this.launching;
  }

  async close(): Promise<void> {
    this.closed = true;
    const launching = this.launching;
    this.launching = undefined;
    const context = await launching?.catch(() => undefined);
    await context?.browser()?.close();
  }

  private async launch(): Promise<BrowserContext> {
    try {
      await fs.access(this.executablePath, fs.constants.X_OK);
    } catch {
      throw new ChromiumUnavailable(`no Chromium at ${this.executablePath} (CHROMIUM_PATH)`);
    }
    // Loaded on the first print: playwright-core holds ~28 MB of heap (~80 MB resident) that a server
    // which never prints (most of the season) would otherwise carry from its start.
    const { chromium } = await import('playwright-core');
    let browser: Browser;
    try {
      browser = await chromium.launch({ executablePath: this.executablePath, args: FLAGS, timeout: 30_000 });
    } catch (error) {
      throw new ChromiumUnavailable(`Chromium at ${this.executablePath} did not start: ${(error as Error).message}`);
    }
    browser.on('disconnected', () => {
      if (this.browser !== browser) return;
      this.browser = undefined;
      this.launching = undefined;
    });
    this.browser = browser;
    if (this.closed) {
      await browser.close();
      throw new ChromiumUnavailable('the PDF generator is closed');
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.route('**/*', (route) => route.abort());
    return context;
  }
}
