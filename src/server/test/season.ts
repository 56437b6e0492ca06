/** Steps of the season the exam-day suites share: paying for students, and waiting for a job to end. */
import { expect } from 'vitest';
import type { client } from './test-app.js';

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
