/**
 * Where uploaded files live, behind one small interface so a deployment with several app servers can
 * use object storage instead of the local folder. Keys are relative ('files/ab12….webp'); every
 * implementation refuses a key that could leave its root, whatever the caller checked before.
 */
import type { Readable } from 'node:stream';

export type StoredFile = { body: Readable; size: number };

export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A file too big to hold in memory (a job's PDF), streamed in; `size` is its length in bytes. */
  putStream(key: string, body: Readable, size: number, contentType: string): Promise<void>;
  /** The file's bytes and size, or null when there is no such file. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export class UnsafeKeyError extends Error {
  constructor(key: string) {
    super(`refused storage key ${JSON.stringify(key)}`);
  }
}

/** Segments of letters, digits, '_', '-' and '.', none starting with a dot (so no '..' and no hidden temp files). */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
const MAX_KEY_LENGTH = 255;

export function checkKey(key: string): string {
  const segments = key.split('/');
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !segments.every((segment) => SEGMENT.test(segment))) throw new UnsafeKeyError(key);
  return key;
}
