/**
 * The public result slip (docs/integrators/results.md): printed once per published result and then served from
 * storage, whatever the number of requests at once; printed anew after a new publication; limited per
 * address. Rate limits are on, as in production. The snapshot is written straight into the tables here:
 * publishing it is the results suite's subject.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultDocument } from '../../../common/schemas/results.js';
import { pdfText } from '../../test/poppler.js';
import { sampleResultDocument } from '../../test/result-samples.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import { SLIP_LIMIT } from './lookup.routes.js';

let t: TestApp;
let renders = 0;
const doc = sampleResultDocument({ roll_no: '0400000123', reg_no: '260000123' });

async function publish(version: number, student: ResultDocument) {
  await t.app.db
    .insertInto('result_snapshot')
    .values({ version, roll_no: student.roll_no, reg_no: student.reg_no, birth_certificate_no: null, doc: JSON.stringify(student) })
    .execute();
  await t.app.db.updateTable('exams').set({ results_version: version }).where('id', '=', 1).execute();
}

beforeAll(async () => {
  t = await startTestApp();
  const render = t.app.pdf.render;
  t.app.pdf.render = (...args) => {
    renders++;
    return render(...args);
  };
  await publish(1, doc);
});
afterAll(async () => {
  await t.close();
});

const slip = (address = '203.0.113.7', student = doc) =>
  t.app.inject({ method: 'GET', url: `/result/slip?roll=${student.roll_no}&reg=${student.reg_no}`, remoteAddress: address });

describe('the result slip', () => {
  it('is printed once for twenty requests at once, then served from storage', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => slip()));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect(renders).toBe(1);
    expect(new Set(answers.map((answer) => answer.rawPayload.length)).size).toBe(1);
    expect((await slip('203.0.113.8')).statusCode).toBe(200);
    expect(renders).toBe(1);
  });

  it('is printed again from a new publication', async () => {
    await publish(2, { ...doc, total: 301.5 });
    const answer = await slip('203.0.113.9');
    expect(answer.statusCode).toBe(200);
    expect(renders).toBe(2);
    const text = (await pdfText(answer.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('৩০১.৫');
    expect((await slip('203.0.113.9')).rawPayload.equals(answer.rawPayload)).toBe(true);
    expect(renders).toBe(2);
  });

  it('is limited per address, right pairs counted as well as wrong ones', async () => {
    const address = '198.51.100.4';
    for (let i = 0; i < SLIP_LIMIT.max; i++) expect((await slip(address)).statusCode).toBe(200);
    const refused = await slip(address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toContain('text/html');
    expect((await slip('198.51.100.5')).statusCode).toBe(200);
  });
});
