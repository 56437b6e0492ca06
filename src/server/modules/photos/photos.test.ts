/**
 * Photos in bulk (docs/integrators/photos.md) with real zips: names by folder, by class-roll and by
 * registration number (Bengali digits too), types read from the bytes, the EXIF orientation applied,
 * the card's 3 × 4 crop, too small and too large (a bomb entry), a student named twice, and an
 * existing photo replaced or kept, as the person chooses.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_ZIP_MAX_ENTRIES, type PhotoReport, type PhotoRow } from '../../../common/schemas/photos.js';
import { photo, type ZipFile, zipOf } from '../../test/photo-zip.js';
import { zipArchive } from '../../test/zip-writer.js';
import { jobOutcome } from '../../test/season.js';
import { adminToken, client, instituteSession, type TestApp, startTestApp, validStudent } from '../../test/test-app.js';
import { bearer, multipart } from '../media/media-test-helpers.js';
import { storageKey } from '../media/index.js';

let t: TestApp;
let school: { token: string; id: number };
let other: { token: string; id: number };
let admin: string;
type Student = { id: number; reg_no: string; photo: string | null };
const students = new Map<string, Student>();

beforeAll(async () => {
  t = await startTestApp();
  school = await instituteSession(t, 870);
  other = await instituteSession(t, 871);
  admin = await adminToken(t);
  const api = client(t, school.token);
  for (const [cls, roll] of [
    ['04', 1],
    ['04', 2],
    ['04', 3],
    ['04', 4],
    ['04', 5],
    ['04', 6],
    ['04', 7],
    ['07', 3],
  ] as const) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(roll, { class: cls }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    students.set(`${cls}-${roll}`, res.body.data as Student);
  }
  await client(t, other.token).post('/api/v1/scholarship-registrations/store', validStudent(99));
});
afterAll(async () => t.close());

async function send(token: string, zip: Buffer, fields: Record<string, string> = {}) {
  const { payload, headers } = await multipart([
    { name: 'file', file: zip, filename: 'photos.zip', type: 'application/zip' },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ]);
  return t.app.inject({ method: 'POST', url: '/api/v1/photos/import', payload, headers: { ...headers, ...bearer(token), 'accept-language': 'en' } });
}

/** Uploads the zip and waits for its job: the report. */
async function report(token: string, zip: Buffer, fields: Record<string, string> = {}): Promise<PhotoReport> {
  const res = await send(token, zip, fields);
  expect(res.statusCode, res.body).toBe(202);
  const job = await jobOutcome<PhotoReport>(client(t, token), (res.json() as { data: { job_id: number } }).data.job_id, 15_000);
  expect(job.state).toBe('done');
  return job.result;
}

const statusOf = (rows: readonly PhotoRow[]) => Object.fromEntries(rows.map((row) => [row.file, row.status]));

async function photoPathOf(id: number): Promise<string | null> {
  const res = await client(t, school.token).get(`/api/v1/scholarship-registrations/${id}`);
  return (res.body.data as { photo: string | null }).photo;
}

async function storedImage(path: string) {
  const file = await t.app.storage.get(storageKey(path));
  const chunks: Buffer[] = [];
  for await (const chunk of file!.body) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  return { meta: await sharp(bytes).metadata(), pixel };
}

/** A phone's HEIC photo (HEVC in a HEIF box, 600 × 800, top half red, bottom half blue), made with libheif's heif-enc. */
const PHONE_HEIC = Buffer.from(
  'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAUBtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFkAAEAAAAAAAABHwAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAwGlwcnAAAACiaXBjbwAAAHZodmNDAQNwAAAAAAAAAAAAWvAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAWroCQCEAAQApQgEBA3AAAAMAkAAAAwAAAwBaoASyAMhZbqSSmubAgAAAAwCAAAADAIQiAAEAB0QBwXKwYkAAAAAUaXNwZQAAAAAAAAJYAAADIAAAABBwaXhpAAAAAAMICAgAAAAWaXBtYQAAAAAAAAABAAEDgQKDAAABJ21kYXQAAAEbKAGvUaaVRJA8/g84446A+Q6SX//xnr//YlJD5rejGxkj8D9cb5eAXQHOKAAAAwAAAwAALCCl2HfgCTA7RQgAAAMAAAMAAAMAOaCTAmw8AAADAAADAAADAAADADGghwAAAwAAAwAAAwAAAwAABfQAAAMAAAMAAAMAAAMAAAe8AAADAAADAAADAAADAADsgH8ff1M6/98XK0z87q84IZojgCIKQFpz9bd7E9W02Zo2tw4hnTVQJH8DBNvVjCQb2AHlvegA/8AUMAAAAwAAAwAAAwAAAwAADPgAAAMAAAMAAAMAAAMAAccAAAMAAAMAAAMAAAMAC/gAAAMAAAMAAAMAAAMAH7AAAAMAAAMAAAMAAAMAOyAAAAMAAAMCpg==',
  'base64',
);
/** A HEIC header with no picture behind it: what libheif cannot read. */
const HEIC = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(4), Buffer.from('mif1heic'), Buffer.alloc(64)]);

let mixed: ZipFile[];
beforeAll(async () => {
  mixed = [
    // Landscape pixels turned upright by EXIF orientation 6 (90° clockwise): a 600 × 800 portrait.
    { name: '04/1.jpg', data: await photo(800, 600, { orientation: 6 }) },
    { name: '04-2.png', data: await photo(600, 800, { format: 'png' }) },
    { name: 'Class 7/৩.JPG', data: await photo(900, 1200) },
    { name: '04-3.jpg', data: Buffer.from('not a photo at all, only a name that says so') },
    { name: '04 - 4.jpg', data: await photo(150, 200) },
    // A zip bomb entry: 40 MB of zeros in a few kilobytes, stopped at the photo's limit as it inflates.
    { name: '04-5.jpg', data: Buffer.alloc(40_000_000) },
    { name: '04-6.jpg', data: await photo(300, 400) },
    { name: 'more/04_6.jpeg', data: await photo(300, 400) },
    { name: `${students.get('04-7')!.reg_no}.HEIC`, data: HEIC },
    { name: '04-99.jpg', data: await photo(300, 400) },
    { name: 'readme.txt', data: Buffer.from('photos of class four') },
    { name: '../04-1.jpg', data: await photo(300, 400) },
    { name: '__MACOSX/04/._1.jpg', data: Buffer.from('resource fork') },
    { name: '04/', data: Buffer.alloc(0), store: true },
  ];
});

describe('a dry run', () => {
  it('matches each file to a student and says what is wrong with the others, storing nothing', async () => {
    const result = await report(school.token, zipOf(mixed));
    expect(statusOf(result.rows)).toEqual({
      '04/1.jpg': 'ready',
      '04-2.png': 'ready',
      'Class 7/৩.JPG': 'ready',
      '04-3.jpg': 'not_image',
      '04 - 4.jpg': 'too_small',
      '04-5.jpg': 'too_large',
      '04-6.jpg': 'twice',
      'more/04_6.jpeg': 'twice',
      [`${students.get('04-7')!.reg_no}.HEIC`]: 'heic',
      '04-99.jpg': 'unmatched',
      'readme.txt': 'bad_name',
      '../04-1.jpg': 'bad_name',
    });
    expect(result).toMatchObject({ total: 12, matched: 3, existing: 0, stored: 0, refused: 9 });
    expect(result.rows.find((row) => row.file === 'Class 7/৩.JPG')!.student).toMatchObject({ class: '07', class_roll: '3', has_photo: false });
    expect(await photoPathOf(students.get('04-1')!.id)).toBeNull();
  });

  it('refuses what is not a zip, an admin without an institute, and an institute naming another', async () => {
    const corrupt = await send(school.token, Buffer.from('PK not really a zip'));
    expect(corrupt.statusCode).toBe(422);
    expect(corrupt.json()).toMatchObject({ data: { file: ['This file is not a .zip or is damaged: zip the photos again.'] } });
    expect((await send(admin, zipOf(mixed))).json()).toMatchObject({ data: { institute_id: ['Choose the institute.'] } });
    expect((await send(school.token, zipOf(mixed), { institute_id: String(other.id) })).statusCode).toBe(422);
  });
});

describe('storing', () => {
  it('stores each matched photo upright, cut to 3 × 4 around the middle, and sets it on the student', async () => {
    const result = await report(school.token, zipOf(mixed), { dry_run: '0' });
    expect(result).toMatchObject({ matched: 3, stored: 3 });
    expect(statusOf(result.rows)['04/1.jpg']).toBe('stored');

    const turned = await storedImage((await photoPathOf(students.get('04-1')!.id))!);
    expect([turned.meta.width, turned.meta.height, turned.meta.orientation]).toEqual([480, 640, undefined]);
    // The source's left and right halves are now the top and the bottom.
    expect(turned.pixel(100, 20)).toEqual(turned.pixel(380, 20));
    expect(Math.abs(turned.pixel(240, 20)[0]! - turned.pixel(240, 620)[0]!)).toBeGreaterThan(100);

    const flat = await storedImage((await photoPathOf(students.get('04-2')!.id))!);
    expect([flat.meta.width, flat.meta.height, flat.meta.format]).toEqual([480, 640, 'jpeg']);
    expect(Math.abs(flat.pixel(20, 300)[0]! - flat.pixel(460, 300)[0]!)).toBeGreaterThan(100);
    expect(await photoPathOf(students.get('04-3')!.id)).toBeNull();
  });

  it('keeps a student’s photo unless the person chooses to replace it', async () => {
    const id = students.get('04-1')!.id;
    const before = await photoPathOf(id);
    const again = zipOf([{ name: '04-1.jpg', data: await photo(1200, 1600) }]);

    const dry = await report(school.token, again);
    expect(dry).toMatchObject({ matched: 1, existing: 1 });
    expect(dry.rows[0]!.student!.has_photo).toBe(true);

    const kept = await report(school.token, again, { dry_run: '0', replace: '0' });
    expect(kept).toMatchObject({ stored: 0, rows: [{ status: 'kept' }] });
    expect(await photoPathOf(id)).toBe(before);

    const replaced = await report(school.token, again, { dry_run: '0', replace: '1' });
    expect(replaced).toMatchObject({ stored: 1, rows: [{ status: 'stored' }] });
    const after = await photoPathOf(id);
    expect(after).not.toBe(before);
    expect((await storedImage(after!)).meta.width).toBe(480);
  });

  it('reads a phone’s HEIC photo as any other, upright and cut to 3 × 4', async () => {
    const zip = zipOf([{ name: '04-5.HEIC', data: PHONE_HEIC }]);
    expect((await report(school.token, zip)).rows[0]).toMatchObject({ status: 'ready' });
    expect(await report(school.token, zip, { dry_run: '0' })).toMatchObject({ stored: 1, rows: [{ status: 'stored' }] });
    const stored = await storedImage((await photoPathOf(students.get('04-5')!.id))!);
    expect([stored.meta.width, stored.meta.height, stored.meta.format]).toEqual([480, 640, 'jpeg']);
    const [red, , blue] = stored.pixel(240, 40);
    const [redBelow, , blueBelow] = stored.pixel(240, 600);
    expect(red! - blue!).toBeGreaterThan(100);
    expect(blueBelow! - redBelow!).toBeGreaterThan(100);
  });

  it('lets an admin upload for a chosen institute', async () => {
    const zip = zipOf([{ name: `${students.get('04-7')!.reg_no}.png`, data: await photo(480, 640, { format: 'png' }) }]);
    const result = await report(admin, zip, { dry_run: '0', institute_id: String(school.id) });
    expect(result).toMatchObject({ stored: 1 });
    expect(await photoPathOf(students.get('04-7')!.id)).toMatch(/^uploads\/students\/[a-f0-9]{32}\.jpg$/);
  });

  it('a zip that breaks part way stores nothing: photos already put and those in flight are taken back', async () => {
    const ids = ['04-1', '04-2', '04-3', '04-4', '04-5', '04-6'].map((key) => students.get(key)!.id);
    const before = await Promise.all(ids.map(photoPathOf));
    const files = async () => (await fs.readdir(path.join(t.dataDir, 'uploads/students'))).sort();
    const filesBefore = await files();
    const good = await photo(600, 800);
    const entry = (name: string, data: Buffer) => ({ name, packed: deflateRawSync(data), method: 8 as const, crc: crc32(data), size: data.length });
    // The second file's deflate stream is damaged: the first is put by then, the next ones are in flight.
    const broken = zipArchive([
      entry('04-1.jpg', good),
      { ...entry('04-2.jpg', good), packed: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x01]) },
      ...['04-3.jpg', '04-4.jpg', '04-5.jpg', '04-6.jpg'].map((name) => entry(name, good)),
    ]);
    const res = await send(school.token, broken, { dry_run: '0', replace: '1' });
    expect(res.statusCode, res.body).toBe(202);
    const job = await jobOutcome<unknown>(client(t, school.token), (res.json() as { data: { job_id: number } }).data.job_id, 15_000);
    expect(job.state).toBe('failed');
    expect(await Promise.all(ids.map(photoPathOf))).toEqual(before);
    expect(await files()).toEqual(filesBefore);
  });
});

it('refuses a zip of more files than it takes before reading any', async () => {
  const many = zipOf(Array.from({ length: PHOTO_ZIP_MAX_ENTRIES + 1 }, (_, i) => ({ name: `04-${i}.jpg`, data: Buffer.from('x'), store: true })));
  const res = await send(school.token, many);
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({ data: { file: ['A zip may hold at most 6,000 photos: split it.'] } });
});
