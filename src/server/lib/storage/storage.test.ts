import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { localStorage } from './local-storage.js';
import { s3Storage } from './s3-storage.js';
import { startS3Server, type S3TestServer } from './s3-test-server.js';
import { checkKey, type Storage, UnsafeKeyError } from './storage.js';

const UNSAFE_KEYS = [
  '../package.json',
  'files/../../x',
  '/etc/passwd',
  'a\\b',
  '',
  'a//b',
  '.hidden',
  'files/.x.tmp',
  'a/./b',
  'files/x\u0000.png',
  'a'.repeat(256),
  'C:/x',
];

describe('storage keys', () => {
  it.each(UNSAFE_KEYS)('refuses %j', (key) => {
    expect(() => checkKey(key)).toThrow(UnsafeKeyError);
  });

  it('takes relative keys of safe segments', () => {
    expect(checkKey('posts/2026/11/22/ab12.webp')).toBe('posts/2026/11/22/ab12.webp');
  });
});

/** The same behaviour from every implementation. */
function behavesAsStorage(name: string, make: () => Storage) {
  describe(name, () => {
    it('puts, gets, tells whether a key exists, and deletes', async () => {
      const storage = make();
      await storage.put('files/a1.png', Buffer.from('hello'), 'image/png');
      expect(await storage.exists('files/a1.png')).toBe(true);
      const file = await storage.get('files/a1.png');
      expect(file?.size).toBe(5);
      expect(await text(file!.body)).toBe('hello');
      await storage.delete('files/a1.png');
      expect(await storage.exists('files/a1.png')).toBe(false);
      expect(await storage.get('files/a1.png')).toBeNull();
      await storage.delete('files/a1.png');
    });

    it('takes a stream of a known size (a job’s PDF) and gives it back whole', async () => {
      const storage = make();
      const body = Buffer.alloc(300_000, 'x');
      await storage.putStream('documents/job-1.pdf', Readable.from([body.subarray(0, 100_000), body.subarray(100_000)]), body.length, 'application/pdf');
      const file = await storage.get('documents/job-1.pdf');
      expect(file?.size).toBe(body.length);
      expect(await text(file!.body)).toBe(body.toString());
      await storage.delete('documents/job-1.pdf');
    });

    it('refuses keys that escape its root before any I/O', async () => {
      const storage = make();
      for (const key of UNSAFE_KEYS) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(UnsafeKeyError);
        await expect(storage.get(key), key).rejects.toThrow(UnsafeKeyError);
        await expect(storage.delete(key), key).rejects.toThrow(UnsafeKeyError);
        await expect(storage.exists(key), key).rejects.toThrow(UnsafeKeyError);
      }
    });
  });
}

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
});
afterAll(async () => fs.rm(root, { recursive: true, force: true }));

behavesAsStorage('local storage', () => localStorage(path.join(root, 'uploads')));

describe('local storage files', () => {
  it('writes through a temp file: only the final file remains, and a file beside the root is out of reach', async () => {
    const storage = localStorage(path.join(root, 'uploads'));
    await fs.writeFile(path.join(root, 'secret.txt'), 'secret');
    await storage.put('logos/b2.png', Buffer.from('png'), 'image/png');
    expect(await fs.readdir(path.join(root, 'uploads', 'logos'))).toEqual(['b2.png']);
    await expect(storage.delete('../secret.txt')).rejects.toThrow(UnsafeKeyError);
    expect(await fs.readFile(path.join(root, 'secret.txt'), 'utf8')).toBe('secret');
  });
});

describe('S3 storage against s3rver', () => {
  let server: S3TestServer;
  let storage: ReturnType<typeof s3Storage>;
  beforeAll(async () => {
    server = await startS3Server();
    const config = loadConfig(server.env).storage;
    if (config.driver !== 's3') throw new Error('expected S3 config');
    storage = s3Storage(config);
  });
  afterAll(async () => {
    storage.destroy();
    await server.close();
  });

  behavesAsStorage('S3 storage', () => storage);
});
