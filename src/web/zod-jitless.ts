/**
 * The Content-Security-Policy allows no eval. Zod would probe `new Function` to compile its parsers,
 * which Chromium reports as a violation even though zod catches the refusal; without the probe zod
 * parses the same way, interpreted. Imported first by main.tsx, before any schema is built.
 *
 * Zod keeps its settings in `globalThis.__zod_globalConfig` and keeps an object already there when it
 * loads (zod 4's core.ts documents this), so the setting needs no zod code: importing zod's `config`
 * would put zod's core into the login screen's download, over its budget, as every lazy chunk's
 * schemas share that module with it.
 */
import type { $ZodConfig } from 'zod/v4/core';

const scope = globalThis as { __zod_globalConfig?: Partial<$ZodConfig> };
// In place: a zod loaded already reads the object it found.
Object.assign((scope.__zod_globalConfig ??= {}), { jitless: true });
