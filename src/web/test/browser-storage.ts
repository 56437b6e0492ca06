/** Stubs of the browser's storage for the client's unit tests (they run in Node, without a DOM). */
import { vi } from 'vitest';

const storageOver = (stored: Map<string, string>) => ({
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => stored.set(key, value),
  removeItem: (key: string) => stored.delete(key),
});

/** localStorage over `stored`, sessionStorage over `tab` (a tab's, kept across a reload), and the bare `document` the client reads. */
export function stubBrowserStorage(stored: Map<string, string>, tab = new Map<string, string>()): void {
  vi.stubGlobal('localStorage', storageOver(stored));
  vi.stubGlobal('sessionStorage', storageOver(tab));
  vi.stubGlobal('document', { documentElement: {} });
}
