/**
 * `npm start` (scripts/start.mjs) passes each stop signal to the server once: a Ctrl-C reaches the
 * whole process group and npm forwards it too, yet the server sees one SIGINT and drains; a second
 * Ctrl-C later still reaches it; a SIGTERM sent to the starter alone is passed on.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SUPERVISE = path.resolve(import.meta.dirname, '../../scripts/lib/supervise.mjs');

/** A stand-in server: says when it listens for signals, prints each one, exits 0 a second after the first. */
const SERVER = `
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { console.log('got ' + s); setTimeout(() => process.exit(0), 1000); });
console.log('ready');
setInterval(() => {}, 1000);
`;

function start() {
  const starter = spawn(
    process.execPath,
    ['--input-type=module', '-e', `import { supervise } from ${JSON.stringify(SUPERVISE)}; supervise(process.execPath, ['-e', ${JSON.stringify(SERVER)}]);`],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let output = '';
  const ready = new Promise<void>((resolve) =>
    starter.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) resolve();
    }),
  );
  const exited = new Promise<number | null>((resolve) => starter.on('exit', (code) => resolve(code)));
  return { starter, ready, exited, received: () => output.split('\n').filter((line) => line.startsWith('got ')) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('npm start and stop signals', () => {
  it('gives the server one SIGINT for a Ctrl-C that reaches the group and is forwarded by npm', async () => {
    const run = start();
    await run.ready;
    process.kill(-run.starter.pid!, 'SIGINT'); // the terminal: the whole process group
    process.kill(run.starter.pid!, 'SIGINT'); // npm forwarding the same Ctrl-C
    expect(await run.exited).toBe(0);
    expect(run.received()).toEqual(['got SIGINT']);
  });

  it('passes on a SIGTERM sent to the starter alone, and a second one later', async () => {
    const run = start();
    await run.ready;
    process.kill(run.starter.pid!, 'SIGTERM');
    await pause(600);
    process.kill(-run.starter.pid!, 'SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.received()).toEqual(['got SIGTERM', 'got SIGTERM']);
  });
});
