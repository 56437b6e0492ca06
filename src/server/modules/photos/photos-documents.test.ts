/**
 * Photos given in bulk reach every document that shows a student's photo (docs/integrators/photos.md): the
 * admit card (rendered by pdftoppm and its photo box's colours read), the room's attendance sheet
 * and the public verify page's photo.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { pdfPagePng } from '../../test/poppler.js';
import { photo, zipOf } from '../../test/photo-zip.js';
import { jobOutcome, payAndApprove, seatedInOneCentre } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';
import { bearer, multipart } from '../media/media-test-helpers.js';

const run = promisify(execFile);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
});
afterAll(async () => t.close());

/** How many images a PDF draws (pdfimages -list), the page's fonts' glyph masks aside. */
async function imagesIn(pdf: Buffer): Promise<number> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'photos-pdf-'));
  try {
    await fs.writeFile(path.join(dir, 'in.pdf'), pdf);
    const { stdout } = await run('pdfimages', ['-list', path.join(dir, 'in.pdf')]);
    return stdout.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

it('shows the stored photo on the admit card, the attendance sheet and the verify page', async () => {
  const admin = client(t, await adminToken(t));
  const school = await instituteSession(t, 880);
  const api = client(t, school.token);
  const stored = await api.post('/api/v1/scholarship-registrations/store', validStudent(1));
  const student = stored.body.data as { id: number; fee: number };
  await payAndApprove(api, admin, [student], 'PHOTOS880');
  await seatedInOneCentre(t, admin, student.id, 10);
  expect((await admin.post('/api/v1/exam/publish', { published: 1 })).status).toBe(200);

  const { payload, headers } = await multipart([
    { name: 'file', file: zipOf([{ name: '04/1.jpg', data: await photo(900, 1200) }]), filename: 'photos.zip' },
    { name: 'dry_run', value: '0' },
  ]);
  const sent = await t.app.inject({ method: 'POST', url: '/api/v1/photos/import', payload, headers: { ...headers, ...bearer(school.token) } });
  expect((await jobOutcome(api, (sent.json() as { data: { job_id: number } }).data.job_id, 15_000)).result).toMatchObject({ stored: 1 });

  const card = (await api.get(`/api/v1/scholarship-registrations/${student.id}/admit-card`)).raw;
  expect(card.statusCode).toBe(200);
  expect(await imagesIn(card.rawPayload)).toBeGreaterThan(0);
  const page = await pdfPagePng(card.rawPayload, 1, 100);
  if (process.env.PHOTOS_KEEP_PNG) await fs.writeFile(process.env.PHOTOS_KEEP_PNG, page);
  // The photo's left half is blue (30, 120, 200), its right half yellow: both colours are on the page.
  const { data, info } = await sharp(page).raw().toBuffer({ resolveWithObject: true });
  let blue = 0;
  let yellow = 0;
  for (let at = 0; at < data.length; at += info.channels) {
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!];
    if (r < 60 && g > 90 && g < 150 && b > 170) blue++;
    if (r > 210 && g > 170 && b < 80) yellow++;
  }
  expect(blue).toBeGreaterThan(500);
  expect(yellow).toBeGreaterThan(500);

  const [centre] = await t.app.db.selectFrom('exam_centres').select('id').execute();
  const sheets = await admin.post(`/api/v1/exam-centres/${centre!.id}/sheets`, {});
  const jobId = (sheets.body.data as { job_id: number }).job_id;
  expect((await jobOutcome(admin, jobId, 60_000)).state).toBe('done');
  expect(await imagesIn((await admin.get(`/api/v1/jobs/${jobId}/file`)).raw.rawPayload)).toBeGreaterThan(0);

  const seat = await t.app.db.selectFrom('exam_seats').select('token').where('registration_id', '=', student.id).executeTakeFirstOrThrow();
  const verified = await t.app.inject({ method: 'GET', url: `/verify/${seat.token}/photo` });
  expect(verified.statusCode).toBe(200);
  expect((await sharp(verified.rawPayload).metadata()).width).toBe(240);
});
