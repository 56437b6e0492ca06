/**
 * PDF work cannot be flooded (docs/integrators/documents.md, docs/operators/limits.md): one institute's twenty admit-card requests at once
 * make one job (or are refused), another institute's job is not starved behind them, an account asks for
 * a second document only once the first is done, a PDF job's file is removed a day after it was made,
 * and the single card is limited per account. Rate limits are on, as in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TTL_MS, removeExpiredDocuments } from '../../lib/jobs/jobs.js';
import { PDF_JOB_LIMIT, SINGLE_PDF_LIMIT } from '../../lib/jobs/pdf-jobs.js';
import { jobOutcome, payAndApprove } from '../../test/season.js';
import { adminToken, client, instituteSession, startTestApp, type TestApp, validStudent } from '../../test/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof client>;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
  admin = client(t, await adminToken(t));
});
afterAll(async () => {
  await t.close();
});

async function paidInstitute(count: number) {
  const session = await instituteSession(t, 9100 + ++n);
  const api = client(t, session.token);
  const students: { id: number; fee: number }[] = [];
  for (let i = 0; i < count; i++) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(9000 + ++n));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    students.push(res.body.data as never);
  }
  await payAndApprove(api, admin, students, `PF${n}${Date.now().toString(36).toUpperCase()}`);
  return { ...session, api, students };
}

const jobIdOf = (answer: { body: { data: unknown } }) => (answer.body.data as { job_id: number }).job_id;

describe('PDF requests', () => {
  let a: Awaited<ReturnType<typeof paidInstitute>>;
  let b: Awaited<ReturnType<typeof paidInstitute>>;

  beforeAll(async () => {
    a = await paidInstitute(6);
    b = await paidInstitute(3);
    const address = (await t.app.db
      .selectFrom('users')
      .select(['division_id', 'zilla_id', 'upozilla_id'])
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow()) as Record<string, number>;
    const centre = await admin.post('/api/v1/exam-centres/store', {
      name_bn: 'কেন্দ্র',
      name_en: 'Centre',
      ...address,
      address: 'স্কুল রোড',
      contact_name: 'রহিম',
      contact_mobile: '01711000223',
      rooms: [{ name: '১০১', capacity: 20 }],
      upazila_ids: [address.upozilla_id],
    });
    expect(centre.status, JSON.stringify(centre.body)).toBe(200);
    const started = await admin.post('/api/v1/exam/allocate', {});
    expect((await jobOutcome(admin, jobIdOf(started), 60_000)).state).toBe('done');
    expect((await admin.post('/api/v1/exam/publish', { published: 1 })).status).toBe(200);
    // Chromium started before the clock runs: the wait measured is the queue's, not the browser's start.
    await (await t.app.pdf.render(['<!doctype html><p>warm</p>'])).remove();
  });

  it('one institute’s twenty at once make one job, and another institute’s job does not wait behind twenty', async () => {
    const flood = Promise.all(Array.from({ length: PDF_JOB_LIMIT.max }, () => a.api.post('/api/v1/admit-cards', {})));
    // B asks while A's twenty are being answered.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const askedAt = performance.now();
    const other = await b.api.post('/api/v1/admit-cards', {});
    expect(other.status).toBe(202);
    const answers = await flood;
    for (const answer of answers) expect([202, 409, 429]).toContain(answer.status);
    const ids = new Set(answers.filter((answer) => answer.status === 202).map(jobIdOf));
    expect(ids.size).toBe(1);
    const made = await t.app.db.selectFrom('jobs').select('id').where('user_id', '=', a.id).where('kind', '=', 'admit-cards').execute();
    expect(made).toHaveLength(1);

    expect((await jobOutcome(b.api, jobIdOf(other), 60_000)).state).toBe('done');
    const waited = performance.now() - askedAt;
    const [aJob] = [...ids];
    expect((await jobOutcome(a.api, aJob!, 60_000)).state).toBe('done');
    console.log(`another institute's 3-card job done ${Math.round(waited)} ms after it was asked for, beside one institute's 20 requests`);
    // Past the limit the account is refused with a time to come back.
    const refused = await a.api.post('/api/v1/admit-cards', {});
    expect(refused.status).toBe(429);
    expect(Number(refused.raw.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an account’s second document waits until its first is done; the same one again is the same job', async () => {
    const [centre] = await t.app.db.selectFrom('exam_centres').select('id').execute();
    const cards = await admin.post('/api/v1/admit-cards', { centre_id: centre!.id });
    expect(cards.status).toBe(202);
    const again = await admin.post('/api/v1/admit-cards', { centre_id: centre!.id });
    expect(again.status).toBe(202);
    expect(jobIdOf(again)).toBe(jobIdOf(cards));
    const sheets = await admin.post(`/api/v1/exam-centres/${centre!.id}/sheets`, {});
    expect(sheets.status).toBe(409);
    expect(sheets.body.message).toBe('Another file of yours is still being made; try again when it is done.');
    expect((await jobOutcome(admin, jobIdOf(cards), 60_000)).state).toBe('done');
    const later = await admin.post(`/api/v1/exam-centres/${centre!.id}/sheets`, {});
    expect(later.status).toBe(202);
    expect((await jobOutcome(admin, jobIdOf(later), 60_000)).state).toBe('done');
  });

  it('a job’s file is removed a day after it was made, and its download then says so', async () => {
    const jobs = await t.app.db.selectFrom('jobs').select(['id', 'user_id', 'file_key']).where('file_key', 'is not', null).execute();
    expect(jobs.length).toBeGreaterThan(0);
    expect(await removeExpiredDocuments(t.app)).toBe(0);
    for (const job of jobs) expect(await t.app.storage.exists(job.file_key!)).toBe(true);
    // Two servers cleaning at once remove each file once.
    const [first, second] = await Promise.all([
      removeExpiredDocuments(t.app, Date.now() + DOCUMENT_TTL_MS + 1000),
      removeExpiredDocuments(t.app, Date.now() + DOCUMENT_TTL_MS + 1000),
    ]);
    expect(first + second).toBe(jobs.length);
    for (const job of jobs) expect(await t.app.storage.exists(job.file_key!)).toBe(false);
    const own = jobs.find((job) => job.user_id === b.id)!;
    const gone = await b.api.get(`/api/v1/jobs/${own.id}/file`);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe('The file is no longer kept (files are removed a day after they are made); make it again.');
  });

  it('limits the single card per account', async () => {
    expect((await b.api.get(`/api/v1/scholarship-registrations/${b.students[0]!.id}/admit-card`)).status).toBe(200);
    // A student without a seat is answered before any printing: the limit counts every request alike.
    const unseated = await b.api.post('/api/v1/scholarship-registrations/store', validStudent(9000 + ++n));
    const url = `/api/v1/scholarship-registrations/${(unseated.body.data as { id: number }).id}/admit-card`;
    const statuses: number[] = [];
    for (let i = 1; i < SINGLE_PDF_LIMIT.max; i++) statuses.push((await b.api.get(url)).status);
    expect(new Set(statuses)).toEqual(new Set([409]));
    expect((await b.api.get(url)).status).toBe(429);
    expect((await a.api.get(`/api/v1/scholarship-registrations/${a.students[0]!.id}/admit-card`)).status).toBe(200);
  });
});
