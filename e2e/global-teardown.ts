/** Removes the temporary data folder the test server used (see playwright.config.ts). */
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
