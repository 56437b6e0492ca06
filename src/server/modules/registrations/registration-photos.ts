/**
 * Students' photos written in bulk (docs/integrators/photos.md): the photos module reads an institute's
 * students to match the files of a zip, and sets the photos it stored through here, as this module
 * owns the registrations' table. A replaced photo is left to the media cleanup, which removes uploads
 * nothing refers to.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { now } from '../../lib/time.js';

export type PhotoCandidate = {
  id: number;
  class: string;
  class_roll: string;
  reg_no: string;
  name_english: string;
  name_bangla: string | null;
  photo: string | null;
};

/** Every student of the institute, active or not (a photo may come before a student is restored). */
export function photoCandidates(db: Kysely<Database>, instituteId: number): Promise<PhotoCandidate[]> {
  return db
    .selectFrom('scholarship_registrations')
    .select(['id', 'class', 'class_roll', 'reg_no', 'name_english', 'name_bangla', 'photo'])
    .where('institute_id', '=', instituteId)
    .execute();
}

/** Sets each student's photo; a student of another institute is left alone. */
export async function setPhotos(trx: Transaction<Database>, instituteId: number, photos: readonly { id: number; path: string }[]): Promise<void> {
  const at = now();
  for (const { id, path } of photos) {
    await trx
      .updateTable('scholarship_registrations')
      .set({ photo: path, updated_at: at })
      .where('id', '=', id)
      .where('institute_id', '=', instituteId)
      .execute();
  }
}
