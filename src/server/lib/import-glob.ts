/**
 * The server's counterpart of Vite's `import.meta.glob` (eager): every module matching a pattern
 * relative to the calling module, so a migration or a resource is added by adding its file. It reads
 * the folder at run time, so it finds the sources under tsx and vitest and the compiled `.js` files in
 * dist/node alike (a pattern's `.ts` matches both; declarations and source maps never). Patterns take
 * `*` within a path segment only, as scripts/check-imports.mjs follows them into its import graph.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The files matching `pattern` under `dir`, sorted by path. */
export function globFiles(dir: string, pattern: string): string[] {
  if (!pattern.startsWith('./') || !pattern.endsWith('.ts') || /\*\*|[{}[\]!]/.test(pattern)) throw new Error(`importGlob: unsupported pattern ${pattern}`);
  const segments = pattern.slice(2).split('/');
  let found = [dir];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    const source = (last ? segment.slice(0, -'.ts'.length) : segment).replace(/[.+?^$()|\\]/g, '\\$&').replaceAll('*', '[^/]*');
    const matches = new RegExp(`^${source}${last ? '\\.[jt]s' : ''}$`);
    found = found.flatMap((parent) =>
      fs
        .readdirSync(parent, { withFileTypes: true })
        .filter((entry) => (last ? entry.isFile() && !entry.name.endsWith('.d.ts') : entry.isDirectory()) && matches.test(entry.name))
        .map((entry) => path.join(parent, entry.name)),
    );
  });
  return found.sort();
}

/** The modules matching `pattern` relative to the module at `base` (its `import.meta.url`), by their path relative to it without the extension. */
export async function importGlob<Module = Record<string, unknown>>(base: string, pattern: string): Promise<Record<string, Module>> {
  const dir = path.dirname(fileURLToPath(base));
  const modules: Record<string, Module> = {};
  for (const file of globFiles(dir, pattern)) {
    const key = `./${path.relative(dir, file).replace(/\.[jt]s$/, '')}`;
    if (key in modules) throw new Error(`importGlob: ${key} is there both as .ts and as .js`);
    modules[key] = (await import(pathToFileURL(file).href)) as Module;
  }
  return modules;
}
