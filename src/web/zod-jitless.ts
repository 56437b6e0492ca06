/**
 * The Content-Security-Policy allows no eval. Zod would probe `new Function` to compile its parsers,
 * which Chromium reports as a violation even though zod catches the refusal; without the probe zod
 * parses the same way, interpreted. Imported first by main.tsx, before any schema is used.
 */
import { z } from 'zod';

z.config({ jitless: true });
