/** Worker threads running a module of our own, from the compiled server and from the sources alike. */
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * A worker on the module `name` beside `caller` (the caller's import.meta.url). The compiled server
 * runs the .js beside it; from the sources (vitest, tsx watch) the module is TypeScript, which Node 20
 * cannot load itself, so the worker first registers tsx's loader in its own thread.
 */
export function moduleWorker(caller: string, name: string, options: WorkerOptions = {}): Worker {
  const fromSources = caller.endsWith('.ts');
  const url = new URL(`./${name}.${fromSources ? 'ts' : 'js'}`, caller);
  if (!fromSources) return new Worker(url, options);
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}
