/**
 * A zip of photos checked and stored (docs/integrators/photos.md). The zip is read as the sheets are
 * (lib/import/zip.ts): the central directory for where each file lies, each file inflated as a
 * stream with its real inflated size counted against its own limit and the whole zip's budget. Each
 * file is matched by its name to a student of the institute, then checked by its bytes; a dry run
 * stops there, the real run stores each photo as the card needs it and sets it on the student.
 */
import type { FastifyInstance } from 'fastify';
import { PHOTO_MAX_BYTES, PHOTO_ZIP_MAX_ENTRIES, type PhotoReport, type PhotoRow, type PhotoStatus } from '../../../common/schemas/photos.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { pacer } from '../../lib/import/sheet.js';
import { type InflateBudget, inflateEntry, ZipError, type ZipEntry, zipEntries, type ZipSource } from '../../lib/import/zip.js';
import { newMediaKey, recordMedia, type StoredImage } from '../media/index.js';
import { type PhotoCandidate, photoCandidates, setPhotos } from '../registrations/index.js';
import { cardPhoto, checkPhoto } from './photo-image.js';
import { isClutter, type PhotoName, photoNameOf, rollKey } from './photo-names.js';

/** What every file of one zip may inflate to, together: a zip of photos barely compresses, so about its own size. */
export const PHOTO_ZIP_MAX_INFLATED = 1_200_000_000;
/** Photos stored, then set on their students in one transaction. */
const STORE_BATCH = 50;
/** Where stored photos go, as the registration form's photo field puts them. */
const FOLDER = 'students';

export type PhotoRun = { instituteId: number; dryRun: boolean; replace: boolean };
export type Progress = (done: number, total: number) => void;

type Planned = { entry: ZipEntry; row: PhotoRow; student?: PhotoCandidate };

type ZipProblem = 'photo_zip_corrupt' | 'photo_zip_too_many' | 'photo_zip_too_big';
/** Before the job starts, a 422 on the file field; inside it, the job's error. */
const refuse = (key: ZipProblem) => new ValidationError({ file: [key] });
const fail = (key: ZipProblem) => new HttpError(422, key);

function studentFinder(students: readonly PhotoCandidate[]) {
  const byRoll = new Map<string, PhotoCandidate>();
  const byRegNo = new Map<string, PhotoCandidate>();
  for (const student of students) {
    byRoll.set(`${student.class}:${rollKey(student.class_roll)}`, student);
    byRegNo.set(student.reg_no, student);
  }
  return (name: PhotoName) => (name.kind === 'reg_no' ? byRegNo.get(name.reg_no) : byRoll.get(`${name.class}:${name.roll}`));
}

const studentOf = (student: PhotoCandidate): NonNullable<PhotoRow['student']> => ({
  name: student.name_english || student.name_bangla || '',
  class: student.class,
  class_roll: student.class_roll,
  reg_no: student.reg_no,
  has_photo: student.photo !== null && student.photo !== '',
});

export type PhotoPlan = Planned[];

/**
 * Each file's row: its student, or why it names nobody (two files naming one student name them both
 * out). Reads the zip's directory only, so it runs in the request and a damaged zip is its 422.
 */
export async function planPhotos(app: FastifyInstance, zip: ZipSource, instituteId: number): Promise<PhotoPlan> {
  let entries: Map<string, ZipEntry>;
  try {
    entries = await zipEntries(zip);
  } catch {
    throw refuse('photo_zip_corrupt');
  }
  const files = [...entries.values()].filter((entry) => !isClutter(entry.name));
  if (files.length > PHOTO_ZIP_MAX_ENTRIES) throw refuse('photo_zip_too_many');
  const find = studentFinder(await photoCandidates(app.db, instituteId));
  const planned: Planned[] = files.map((entry) => {
    const name = photoNameOf(entry.name);
    const student = name && find(name);
    if (!name) return { entry, row: { file: entry.name, status: 'bad_name', student: null } };
    if (!student) return { entry, row: { file: entry.name, status: 'unmatched', student: null } };
    return { entry, student, row: { file: entry.name, status: 'ready', student: studentOf(student) } };
  });
  const named = new Map<number, number>();
  for (const { student } of planned) if (student) named.set(student.id, (named.get(student.id) ?? 0) + 1);
  for (const item of planned) {
    if (item.student && named.get(item.student.id)! > 1) {
      item.row.status = 'twice';
      item.student = undefined;
    }
  }
  return planned;
}

/** A file's bytes, or undefined when it inflates past PHOTO_MAX_BYTES; the whole zip's budget spent refuses the zip. */
async function bytesOf(zip: ZipSource, entry: ZipEntry, total: InflateBudget): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of inflateEntry(zip, entry, { left: PHOTO_MAX_BYTES })) {
      total.left -= chunk.length;
      if (total.left < 0) throw fail('photo_zip_too_big');
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ZipError) {
      if (error.reason === 'too_big') return undefined;
      throw fail('photo_zip_corrupt');
    }
    throw error;
  }
  return Buffer.concat(chunks);
}

/** What one matched file came to: its status, and the stored photo when there is one. */
type Prepared = { status: PhotoStatus; stored?: { key: string; image: StoredImage } } | { error: unknown };

/**
 * Photos read, checked and encoded at once: sharp and the zip's reads run off the event loop, so a few in
 * flight keep the cores busy while the rows are still written one batch at a time, in the zip's order.
 */
const IN_FLIGHT = 4;

/** Reads, checks and (unless a dry run) encodes and puts one photo; never rejects, so a photo in flight cannot go unheard. */
async function preparePhoto(app: FastifyInstance, zip: ZipSource, item: Planned, run: PhotoRun, budget: InflateBudget): Promise<Prepared> {
  try {
    if (!run.dryRun && !run.replace && item.row.student!.has_photo) return { status: 'kept' };
    const bytes = await bytesOf(zip, item.entry, budget);
    const checked = bytes ? await checkPhoto(bytes) : { status: 'too_large' as const, width: 0 };
    if (!bytes || checked.status !== 'ready' || run.dryRun) return { status: checked.status };
    // A file whose headers read well may still not decode; storage failing is the job's failure, not the file's.
    const photo = await cardPhoto(bytes, checked.width).catch(() => undefined);
    if (!photo) return { status: 'not_image' };
    const { key, path } = newMediaKey(FOLDER, 'jpg');
    await app.storage.put(key, photo.bytes, 'image/jpeg');
    return {
      status: 'stored',
      stored: { key, image: { path, owner_id: run.instituteId, mime: 'image/jpeg', size: photo.bytes.length, width: photo.width, height: photo.height } },
    };
  } catch (error) {
    return { error };
  }
}

/** Checks the planned photos and (unless a dry run) stores them; `progress` hears of each file matched. */
export async function importPhotos(
  app: FastifyInstance,
  zip: ZipSource,
  planned: PhotoPlan,
  run: PhotoRun,
  progress: Progress = () => {},
): Promise<PhotoReport> {
  const matched = planned.filter((item) => item.student);
  const budget: InflateBudget = { left: PHOTO_ZIP_MAX_INFLATED };
  const pace = pacer();
  let batch: { id: number; image: StoredImage; key: string }[] = [];
  let stored = 0;
  const inFlight: Promise<Prepared>[] = [];
  let started = 0;
  const startNext = () => {
    if (started < matched.length) inFlight.push(preparePhoto(app, zip, matched[started++]!, run, budget));
  };

  const flush = async () => {
    if (batch.length === 0) return;
    const done = batch;
    batch = [];
    try {
      await app.db.transaction().execute(async (trx) => {
        await recordMedia(
          trx,
          done.map((item) => item.image),
        );
        await setPhotos(
          trx,
          run.instituteId,
          done.map((item) => ({ id: item.id, path: item.image.path })),
        );
      });
    } catch (error) {
      // The files were put before the rows: without their rows they are taken back.
      await Promise.allSettled(done.map((item) => app.storage.delete(item.key)));
      throw error;
    }
    stored += done.length;
  };

  try {
    while (inFlight.length < IN_FLIGHT && started < matched.length) startNext();
    for (const [index, item] of matched.entries()) {
      const prepared = await inFlight.shift()!;
      startNext();
      if ('error' in prepared) throw prepared.error;
      item.row.status = prepared.status;
      if (prepared.stored) {
        batch.push({ id: item.student!.id, ...prepared.stored });
        if (batch.length >= STORE_BATCH) await flush();
      }
      progress(index + 1, matched.length);
      await pace();
    }
    await flush();
  } catch (error) {
    // Files put for a batch not yet recorded, or by photos still in flight, have no media row the cleanup could find: they go now.
    const unfinished = await Promise.all(inFlight);
    await Promise.allSettled(
      [...batch, ...unfinished.flatMap((prepared) => ('stored' in prepared && prepared.stored ? [prepared.stored] : []))].map((item) =>
        app.storage.delete(item.key),
      ),
    );
    throw error;
  }

  const rows = planned.map((item) => item.row);
  const fits = rows.filter((row) => row.status === 'ready' || row.status === 'stored' || row.status === 'kept');
  return {
    total: rows.length,
    matched: fits.length,
    existing: fits.filter((row) => row.student!.has_photo).length,
    stored,
    refused: rows.length - fits.length,
    rows,
  };
}
