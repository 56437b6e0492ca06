/**
 * `npm run backup [-- --out <dir>]` and `npm run restore -- <backup dir> [--force]`, with the server's
 * environment (DATA_DIR, DATABASE_URL). Exit code 0 on success, 1 with a message otherwise.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { BackupError, createBackup, restoreBackup } from './backup.js';

const USAGE = 'usage: cli.ts backup [--out <dir>] | cli.ts restore <backup dir> [--force]';

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
