/**
 * Files stored by another module's work (the photos of a bulk upload) recorded as uploads are, so
 * ownership checks, the quota's sum and the cleanup of unreferenced uploads see them like any other.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';

/** A fresh storage key in `folder` and the media path (`uploads/<key>`) that names it. */
export function newMediaKey(folder: string, ext: 'jpg' | 'png' | 'webp'): { key: string; path: string } {
  const key = `${folder}/${randomBytes(16).toString('hex')}.${ext}`;
  return { key, path: `uploads/${key}` };
}

export type StoredImage = { path: string; owner_id: number; mime: string; size: number; width: number; height: number };

/** The media rows of images already put in storage. */
export async function recordMedia(db: Kysely<Database> | Transaction<Database>, images: readonly StoredImage[]): Promise<void> {
  if (images.length === 0) return;
  const at = now();
  await db
    .insertInto('media')
    .values(images.map((image) => ({ ...image, uploader_ip: null, created_at: at })))
    .execute();
}
