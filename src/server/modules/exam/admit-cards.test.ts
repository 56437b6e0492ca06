/**
 * Admit cards (architecture §9): an institute gets only its own, only after publication, never
 * another's; an admin gets an institute's or a centre's; the PDF's text holds the roll, the
 * registration number and the Bengali name; a centre's room sheets list its students.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobOutcome, payAndApprove } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let n = 0;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'admit-cards-'));

beforeAll(async () => {
  t = await startTestApp({}, { rateLimit: false });
  admin = client(t, await adminToken(t));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The text of a PDF, as pdftotext reads it (poppler-utils). */
function textOf(pdf: Buffer): string {
  const file = path.join(tmp, `doc-${++n}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).normalize('NFC');
}

async function paidInstitute(count: number) {
  const session = await instituteSession(t, 8000 + ++n);
  const api = client(t, session.token);
  const students: { id: number; fee: number; reg_no: string; roll_no: string; name_bangla: string }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(++n, { name_bangla: `মোঃ আব্দুল্লাহ ক্ষমতা ${i}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    students.push(res.body.data as never);
  }
  await payAndApprove(api, admin, students, `AC${n}${Date.now().toString(36).toUpperCase()}`);
  return { ...session, api, students };
}

const finished = (api: ReturnType<typeof client>, jobId: number) => jobOutcome<Record<string, number>>(api, jobId, 60_000);

async function download(api: ReturnType<typeof client>, body: Record<string, unknown>) {
  const started = await api.post('/api/v1/admit-cards', body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const jobId = (started.body.data as { job_id: number }).job_id;
  const job = await finished(api, jobId);
  expect(job.state).toBe('done');
  const file = (await api.get(`/api/v1/jobs/${jobId}/file`)).raw;
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/pdf');
  return { jobId, job, pdf: file.rawPayload };
}

describe('admit cards', () => {
  let a: Awaited<ReturnType<typeof paidInstitute>>;
  let b: Awaited<ReturnType<typeof paidInstitute>>;

  beforeAll(async () => {
    a = await paidInstitute(3);
    b = await paidInstitute(1);
    const address = (await t.app.db
      .selectFrom('users')
      .select(['division_id', 'zilla_id', 'upozilla_id'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow()) as Record<string, number>;
    const centre = await admin.post('/api/v1/exam-centres/store', {
      name_bn: 'আদর্শ উচ্চ বিদ্যালয় কেন্দ্র',
      name_en: 'Adarsha High School Centre',
      ...address,
      address: 'স্কুল রোড',
      contact_name: 'রহিম',
      contact_mobile: '01711000222',
      rooms: [
        { name: '১০১', capacity: 2 },
        { name: '১০২', capacity: 10 },
      ],
      upazila_ids: [address.upozilla_id],
    });
    expect(centre.status, JSON.stringify(centre.body)).toBe(200);
    const started = await admin.post('/api/v1/exam/allocate', {});
    expect((await finished(admin, (started.body.data as { job_id: number }).job_id)).state).toBe('done');
  });

  it('are refused to institutes until published, and never another institute’s', async () => {
    expect((await a.api.post('/api/v1/admit-cards', {})).status).toBe(403);
    expect((await a.api.get(`/api/v1/scholarship-registrations/${a.students[0]!.id}/admit-card`)).status).toBe(403);
    expect((await admin.post('/api/v1/exam/publish', { published: 1 })).status).toBe(200);
    expect((await a.api.post('/api/v1/admit-cards', { institute_id: b.id })).status).toBe(403);
    expect((await a.api.get(`/api/v1/scholarship-registrations/${b.students[0]!.id}/admit-card`)).status).toBe(403);
    const { jobId } = await download(b.api, {});
    expect((await a.api.get(`/api/v1/jobs/${jobId}`)).status).toBe(404);
    expect((await a.api.get(`/api/v1/jobs/${jobId}/file`)).status).toBe(404);
  });

  it('print an institute’s paid students as one PDF holding each roll, registration number and Bengali name', async () => {
    const { job, pdf } = await download(a.api, {});
    expect(job.result).toMatchObject({ cards: 3, pages: 2 });
    // pdftotext breaks a Bengali word where marks sit off the baseline (src/server/lib/pdf/bengali-proof.test.ts): compared without whitespace.
    const text = textOf(pdf).replace(/\s+/g, '');
    for (const student of a.students) {
      expect(text).toContain(student.roll_no);
      expect(text).toContain(student.reg_no);
      expect(text).toContain(student.name_bangla.normalize('NFC').replace(/\s+/g, ''));
    }
    expect(text).not.toContain(b.students[0]!.reg_no);
  });

  it('print one student’s card, and refuse a student without a seat', async () => {
    const one = (await a.api.get(`/api/v1/scholarship-registrations/${a.students[1]!.id}/admit-card`)).raw;
    expect(one.statusCode).toBe(200);
    const text = textOf(one.rawPayload);
    expect(text).toContain(a.students[1]!.reg_no);
    expect(text).not.toContain(a.students[0]!.reg_no);
    const unpaid = await a.api.post('/api/v1/scholarship-registrations/store', validStudent(++n));
    expect((await a.api.get(`/api/v1/scholarship-registrations/${(unpaid.body.data as { id: number }).id}/admit-card`)).status).toBe(409);
  });

  it('give an admin a centre’s cards and its room sheets', async () => {
    const [centre] = await t.app.db.selectFrom('exam_centres').select('id').execute();
    const { job } = await download(admin, { centre_id: centre!.id });
    expect(job.result).toMatchObject({ cards: 4 });
    expect((await admin.post('/api/v1/admit-cards', {})).status).toBe(422);
    const sheets = await admin.post(`/api/v1/exam-centres/${centre!.id}/sheets`, {});
    expect(sheets.status).toBe(202);
    const jobId = (sheets.body.data as { job_id: number }).job_id;
    expect((await finished(admin, jobId)).result).toMatchObject({ rooms: 2 });
    const file = (await admin.get(`/api/v1/jobs/${jobId}/file`)).raw;
    const text = textOf(file.rawPayload);
    for (const student of [...a.students, ...b.students]) expect(text).toContain(student.roll_no);
  });

  it('name an institute’s cards file by the ID it logs in with', async () => {
    const { job } = await download(admin, { institute_id: a.id });
    expect(job.file_name).toBe(`admit-cards-${a.uid}.pdf`);
  });
});
