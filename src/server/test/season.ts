/** Steps of the season the exam-day and results-day suites share: paying for students, the exam's subjects, waiting for a job to end. */
import { expect } from 'vitest';
import { client, instituteSession, type TestApp, validStudent } from './test-app.js';

type Api = ReturnType<typeof client>;

/** The institute pays for `students` with one payment naming them, and the admin approves it: answers the payment's id. */
export async function payAndApprove(api: Api, admin: Api, students: readonly { id: number; fee: number }[], transactionId: string): Promise<number> {
  const payment = await api.post('/api/v1/scholarship-payments/store', {
    payment_method: 'bkash',
    transaction_id: transactionId,
    date: new Date().toISOString().slice(0, 10),
    amount: students.reduce((sum, s) => sum + s.fee, 0),
    registration_ids: students.map((s) => s.id),
  });
  expect(payment.status, JSON.stringify(payment.body)).toBe(200);
  const id = (payment.body.data as { id: number }).id;
  expect((await admin.post('/api/v1/scholarship-payments/approve', { id })).status).toBe(200);
  return id;
}

/** A job as it stands once it is no longer running (GET /api/v1/jobs/{id}), polled until `withinMs` runs out. */
export async function jobOutcome<Result>(api: Api, jobId: number, withinMs: number): Promise<{ state: string; result: Result; file_name: string | null }> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const job = (await api.get(`/api/v1/jobs/${jobId}`)).body.data as { state: string; result: Result; file_name: string | null };
    if (job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${jobId} did not end within ${withinMs} ms`);
}

/** The exam's subjects for the marks suites: class four Bangla (100) and Mathematics (50), class seven English (100). */
export async function markSubjects(admin: Api): Promise<{ bangla: number; maths: number; english: number }> {
  const res = await admin.post('/api/v1/exam/update', {
    name_bn: 'বৃত্তি পরীক্ষা',
    name_en: 'Scholarship Examination',
    seating: 'mixed',
    sittings: [],
    subjects: [
      { class: '04', name_bn: 'বাংলা', name_en: 'Bangla', full_marks: 100 },
      { class: '04', name_bn: 'গণিত', name_en: 'Mathematics', full_marks: 50 },
      { class: '07', name_bn: 'ইংরেজি', name_en: 'English', full_marks: 100 },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = (name: string) => (res.body.data as { subjects: { id: number; name_en: string }[] }).subjects.find((s) => s.name_en === name)!.id;
  return { bangla: id('Bangla'), maths: id('Mathematics'), english: id('English') };
}

export type SeasonStudent = { id: number; roll_no: string; class: string; fee: number };

/** An institute (number `n`) registers students of `classes`; the first `paid` of them are paid for and approved. */
export async function studentsOf(t: TestApp, admin: Api, n: number, classes: readonly string[], paid: number) {
  const session = await instituteSession(t, n);
  const api = client(t, session.token);
  const students: SeasonStudent[] = [];
  for (const [i, klass] of classes.entries()) {
    const res = await api.post('/api/v1/scholarship-registrations/store', validStudent(n * 100 + i, { class: klass, name_english: `marks student ${n} ${i}` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    students.push(res.body.data as SeasonStudent);
  }
  const payment = paid > 0 ? await payAndApprove(api, admin, students.slice(0, paid), `MK${n}X${Date.now().toString(36).toUpperCase()}`) : undefined;
  return { api, students, payment };
}

/** One centre of one room (`capacity` seats) serving the upazila of a registration's address, then the seats allocated. */
export async function seatedInOneCentre(t: TestApp, admin: Api, registrationId: number, capacity: number): Promise<void> {
  const address = (await t.app.db
    .selectFrom('scholarship_registrations')
    .select(['division_id', 'zilla_id', 'upozilla_id'])
    .where('id', '=', registrationId)
    .executeTakeFirstOrThrow()) as Record<string, number>;
  const centre = await admin.post('/api/v1/exam-centres/store', {
    name_bn: 'কেন্দ্র',
    name_en: 'Centre',
    ...address,
    address: 'স্কুল রোড',
    contact_name: 'রহিম',
    contact_mobile: '01711000222',
    rooms: [{ name: '101', capacity }],
    upazila_ids: [address.upozilla_id],
  });
  expect(centre.status, JSON.stringify(centre.body)).toBe(200);
  const started = await admin.post('/api/v1/exam/allocate', {});
  expect((await jobOutcome(admin, (started.body.data as { job_id: number }).job_id, 10_000)).state).toBe('done');
}
