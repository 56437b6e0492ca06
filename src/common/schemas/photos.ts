/**
 * Photos in bulk (docs/integrators/photos.md): a .zip of students' photos named by class and roll or by
 * registration number, checked first (dry run) and then stored. One answer for both, declared here.
 */
import { z } from 'zod';

/** Most files one zip may hold, and most bytes the zip itself may be: 150 phone photos of 4 MB fit well, and it is kept on disk, not in memory. */
export const PHOTO_ZIP_MAX_ENTRIES = 6_000;
export const PHOTO_ZIP_MAX_BYTES = 1_000_000_000;
/** Most bytes one photo may inflate to: a phone's largest JPEG is about 12 MB. */
export const PHOTO_MAX_BYTES = 15_000_000;

/**
 * What became of one file of the zip:
 * - ready: matched, to be stored (dry run); stored: stored; kept: the student's photo was kept
 * - bad_name: neither class-roll nor a registration number; unmatched: no such student in the institute
 * - twice: another file names the same student (neither is stored)
 * - not_image: not a JPEG, PNG, WebP or HEIC by its bytes; heic: a HEIC photo libheif cannot read (to be saved as JPEG)
 * - too_small: smaller than the admit card's photo; too_large: larger than PHOTO_MAX_BYTES or its pixels
 */
export const PHOTO_STATUSES = ['ready', 'stored', 'kept', 'bad_name', 'unmatched', 'twice', 'not_image', 'heic', 'too_small', 'too_large'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

export const PhotoStudent = z.object({
  name: z.string(),
  class: z.string(),
  class_roll: z.string(),
  reg_no: z.string(),
  /** Whether the student already had a photo before this upload. */
  has_photo: z.boolean(),
});

export const PhotoRow = z.object({
  file: z.string(),
  status: z.enum(PHOTO_STATUSES),
  student: PhotoStudent.nullable(),
});
export type PhotoRow = z.infer<typeof PhotoRow>;

export const PhotoReport = z.object({
  total: z.number().int(),
  /** Files matched to a student and fit to store (a dry run's "ready", or stored or kept). */
  matched: z.number().int(),
  /** Of those, students who already have a photo. */
  existing: z.number().int(),
  stored: z.number().int(),
  refused: z.number().int(),
  rows: z.array(PhotoRow),
});
export type PhotoReport = z.infer<typeof PhotoReport>;

export const PhotoReportEnvelope = z.object({ message: z.string(), data: PhotoReport });

/** The upload's answer: the job that checks (and stores) the photos, watched at /api/v1/jobs/{id}; its result is a PhotoReport. */
export const PhotoJobEnvelope = z.object({ message: z.string(), data: z.object({ job_id: z.number().int() }) });
