import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEFT_BEHIND_MS, newUploadFolder, removeLeftBehind } from './upload-files.js';

describe('photo uploads a stopped server left behind', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-files-'));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  it('removes only photo-upload folders older than any job, never a running one or anything else', async () => {
    const old = await newUploadFolder(root);
    await fs.writeFile(path.join(old, 'photos.zip'), 'zip');
    const running = await newUploadFolder(root);
    const other = path.join(root, 'sheets-1');
    await fs.mkdir(other);
    const longAgo = new Date(Date.now() - LEFT_BEHIND_MS - 60_000);
    await fs.utimes(old, longAgo, longAgo);
    await fs.utimes(other, longAgo, longAgo);

    expect(await removeLeftBehind(root)).toBe(1);
    await expect(fs.stat(old)).rejects.toThrow();
    expect((await fs.stat(running)).isDirectory()).toBe(true);
    expect((await fs.stat(other)).isDirectory()).toBe(true);
  });
});
