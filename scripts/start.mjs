/** `npm start`: install what is missing, build the client if needed, then run the server. */
import { spawn } from 'node:child_process';
import { ensureClientBuild, ensurePackages, root } from './lib/prepare.mjs';

ensurePackages();
ensureClientBuild();

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
