/** `npm start`: install what is missing, build the client and the server if needed, then run the server. */
import { ensureClientBuild, ensurePackages, ensureServerBuild, root, serverEntry } from './lib/prepare.mjs';
import { supervise } from './lib/supervise.mjs';

ensurePackages();
ensureClientBuild();
ensureServerBuild();

supervise(process.execPath, [serverEntry], { cwd: root });
