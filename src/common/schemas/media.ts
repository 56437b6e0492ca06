/** Media upload and delete (spec §7 Media, §9 limits): the fields besides the file, and the stored path. */
import { z } from 'zod';
import { optionalInt } from '../validation.js';

export const UPLOAD_MAX_BYTES = 5_000_000;
/** A sheet to import (registrations, marks): 20,000 rows are 2–3 MB as .xlsx and about 5 MB as CSV. */
export const SHEET_MAX_BYTES = 10_000_000;
export const UPLOAD_DEFAULT_SIZE = 200;
export const UPLOAD_SIZE_RANGE = { min: 16, max: 4000 } as const;
export const UPLOAD_DEFAULT_FOLDER = 'files';
/** Anonymous uploads (the public register form's logo) always land here. */
export const UPLOAD_ANONYMOUS_FOLDER = 'logos';
export const UPLOAD_FIELD_DEFAULT = 'photo';

/** What the server stores, by the type read from the file's bytes. */
export const UPLOAD_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const UPLOAD_TYPES = [...UPLOAD_IMAGE_TYPES, 'application/pdf'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** `posts/2026/11/22`: up to 5 segments of a-z, 0-9, '_' and '-'; no '..', no leading slash, no backslash. */
export const MEDIA_FOLDER = /^[a-z0-9_-]+(\/[a-z0-9_-]+){0,4}$/;

/** A stored path as upload answers it: `uploads/<folder>/<32 hex>.<ext>`. */
export const MEDIA_PATH = /^uploads\/[a-z0-9_-]+(\/[a-z0-9_-]+){0,4}\/[a-f0-9]{32}\.(jpg|png|webp|pdf)$/;

/** Leading slashes (a client may show `/uploads/…`) and surrounding spaces are dropped. */
export const normalizeMediaPath = (value: string) => value.trim().replace(/^\/(?!\/)/, '');

/** Whether a `type/subtype` matches one entry of an accept list (`image/*`, `application/pdf`). */
export function acceptsType(accept: readonly string[], type: string): boolean {
  return accept.some((entry) => entry === type || (entry.endsWith('/*') && type.startsWith(entry.slice(0, -1))));
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The upload's other form fields (the file itself is read separately, from its bytes). */
export const UploadFields = z.object({
  folder: z.preprocess(
    text,
    z.string({ error: 'invalid_folder' }).max(100, 'invalid_folder').regex(MEDIA_FOLDER, 'invalid_folder').default(UPLOAD_DEFAULT_FOLDER),
  ),
  width: optionalInt(UPLOAD_SIZE_RANGE.min, UPLOAD_SIZE_RANGE.max).transform((v) => v ?? UPLOAD_DEFAULT_SIZE),
  height: optionalInt(UPLOAD_SIZE_RANGE.min, UPLOAD_SIZE_RANGE.max).transform((v) => v ?? UPLOAD_DEFAULT_SIZE),
  accept: z.preprocess(
    text,
    z
      .string({ error: 'invalid_accept' })
      .max(200, 'invalid_accept')
      .regex(/^[a-z*]+\/[a-z0-9.+*-]+(\s*,\s*[a-z*]+\/[a-z0-9.+*-]+)*$/i, 'invalid_accept')
      .transform((v) =>
        v
          .toLowerCase()
          .split(',')
          .map((entry) => entry.trim()),
      )
      .optional(),
  ),
});
export type UploadFields = z.infer<typeof UploadFields>;

export const DeleteMediaBody = z.object({
  path: z.preprocess(
    (v) => (typeof v === 'string' ? normalizeMediaPath(v) : v),
    z.string({ error: 'required' }).min(1, 'required').regex(MEDIA_PATH, 'invalid_path'),
  ),
});

export const UploadEnvelope = z.object({ message: z.string(), data: z.string() });
