/** Files in a folder on this server (DATA_DIR/uploads by default). */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkKey, type Storage, type StoredFile, UnsafeKeyError } from './storage.js';

export function localStorage(root: string): Storage {
  const base = path.resolve(root);

  /** The key checked, then its resolved path checked again to be inside the root. */
  function fileOf(key: string): string {
    const file = path.resolve(base, checkKey(key));
    if (!file.startsWith(base + path.sep)) throw new UnsafeKeyError(key);
    return file;
  }

  /** Written beside its final name, then renamed: a crash leaves a hidden temp file, never half a file. */
  async function write(key: string, writeTemp: (temp: string) => Promise<void>) {
    const file = fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeTemp(temp);
      await fsp.rename(temp, file);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  return {
    put: (key, body) => write(key, (temp) => fsp.writeFile(temp, body, { flag: 'wx' })),
    putStream: (key, body) => write(key, (temp) => pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }))),
    async get(key): Promise<StoredFile | null> {
      const file = fileOf(key);
      try {
        const handle = await fsp.open(file, 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
    async exists(key) {
      return fs.existsSync(fileOf(key));
    },
  };
}
