/**
 * Runs the server as a child in a process group of its own and passes SIGINT and SIGTERM on to it.
 * A terminal's Ctrl-C goes to the whole foreground process group, and npm forwards it to its script as
 * well: a child in our group would get it once from the terminal and again from us, and read the second
 * as "stop now", skipping the drain of requests in flight (docs/operators/operations.md). In its own group it gets
 * only what we send: one signal per event. The same signal arriving again within DUPLICATE_MS is that
 * event's copy (terminal and npm); a later one, such as a second Ctrl-C, is passed on and stops it at once.
 */
import { spawn } from 'node:child_process';

const DUPLICATE_MS = 500;

export function supervise(command, args, options = {}) {
  const child = spawn(command, args, { ...options, stdio: 'inherit', detached: true });
  let last = { signal: '', at: 0 };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      const at = Date.now();
      if (signal === last.signal && at - last.at < DUPLICATE_MS) return;
      last = { signal, at };
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
