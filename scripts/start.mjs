/** `npm start`: install what is missing, build the client and the server if needed, then run the server. */
import { spawn } from 'node:child_process';
import { ensureClientBuild, ensurePackages, ensureServerBuild, root, serverEntry } from './lib/prepare.mjs';

ensurePackages();
ensureClientBuild();
ensureServerBuild();

const server = spawn(process.execPath, [serverEntry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
