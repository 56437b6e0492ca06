/**
 * Where a photo zip waits while its job reads it: a folder of its own under the system's temporary
 * folder, removed when the job ends. A server stopped mid-job leaves its folder behind; the next start
 * removes such folders once they are older than any job runs (the job's own limits end it well before).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const PREFIX = 'photos-';
/** Older than this, a folder belongs to no running job on any server sharing the machine. */
export const LEFT_BEHIND_MS = 6 * 60 * 60 * 1000;

export const newUploadFolder = (root = os.tmpdir()) => fs.mkdtemp(path.join(root, PREFIX));

/** Removes the photo-upload folders older than LEFT_BEHIND_MS; answers how many. */
export async function removeLeftBehind(root = os.tmpdir(), at = Date.now()): Promise<number> {
  let removed = 0;
  for (const entry of await fs.readdir(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(PREFIX)) continue;
    const folder = path.join(root, entry.name);
    const stat = await fs.stat(folder).catch(() => undefined);
    if (!stat || at - stat.mtimeMs < LEFT_BEHIND_MS) continue;
    await fs.rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
