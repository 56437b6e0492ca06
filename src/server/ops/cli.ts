/**
 * `npm run backup [-- --out <dir>]`, `npm run restore -- <backup dir> [--force]` and `npm run media:cleanup`,
 * with the server's environment (DATA_DIR, DATABASE_URL, STORAGE). Exit code 0 on success, 1 with a message otherwise.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { removeUnreferencedUploads } from '../modules/media/media-cleanup.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';

const USAGE = 'usage: cli.ts backup [--out <dir>] | cli.ts restore <backup dir> [--force] | cli.ts media-cleanup';

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  if (command === 'backup') {
    const { values } = parseArgs({ args: rest, options: { out: { type: 'string' } } });
    const { dir, manifest } = await createBackup(config, { out: values.out });
    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    const files = manifest.uploads.storage === 'local' ? `${manifest.uploads.files} uploaded files` : 'uploaded files not included (they are in the S3 bucket)';
    console.log(`backup written to ${dir}: ${manifest.dialect}, ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${files}`);
    return;
  }
  if (command === 'restore') {
    const { values, positionals } = parseArgs({ args: rest, options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
    if (positionals.length !== 1) throw new BackupError(USAGE);
    const manifest = await restoreBackup(config, positionals[0]!, { force: values.force });
    console.log(`restored the backup of ${manifest.created_at} (${manifest.dialect}, ${manifest.uploads.files} uploaded files)`);
    return;
  }
  if (command === 'media-cleanup') {
    // The app as the server builds it (migrated database, configured storage), without its own timer or listening.
    const app = await buildApp({ ...config, logLevel: 'warn', uploads: { ...config.uploads, cleanupEverySeconds: null } });
    try {
      console.log(`${await removeUnreferencedUploads(app.db, app.storage)} unreferenced uploads older than a day removed`);
    } finally {
      await app.close();
    }
    return;
  }
  throw new BackupError(USAGE);
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
