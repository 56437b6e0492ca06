/**
 * PDF documents as jobs, bounded so one account cannot flood Chromium (docs/integrators/documents.md, docs/operators/limits.md): an account
 * has one PDF job live at a time (asking again for the same document answers the same job, another
 * document a 409 `document_running`), an institute starts at most PDF_JOB_LIMIT of them, and documents take
 * turns with every other account's (round-robin, `app.pdf.inTurn`). A single card made at once is limited
 * per account too (SINGLE_PDF_LIMIT).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../authenticate.js';
import { rateLimited } from '../rate-limits.js';
import { type JobOutcome, type RunningJob, startJob } from './jobs.js';

/** The kinds of job that make a PDF: one of them live per account. */
export const PDF_JOB_KINDS = ['admit-cards', 'room-sheets', 'result-sheet', 'award-letters'] as const;
export type PdfJobKind = (typeof PDF_JOB_KINDS)[number];

/** PDF jobs an institute may ask for (answered or refused alike): a school's few documents and its retries. */
export const PDF_JOB_LIMIT = { max: 20, timeWindow: '10 minutes' };
/** Single documents made while the request waits (one student's admit card): a class's worth, clicked one by one. */
export const SINGLE_PDF_LIMIT = { max: 120, timeWindow: '10 minutes' };

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The onRequest hook limiting an account's PDF job requests (after authentication). Admins are not
 * limited: they print every centre's documents in turn, one at a time all the same.
 */
export function limitPdfJobs(app: FastifyInstance): Hook {
  const limit = rateLimited(app, [{ ...PDF_JOB_LIMIT, key: (request) => `pdf-job:account:${request.user!.id}` }]);
  return async (request, reply) => {
    if (request.user!.role !== 'admin') await limit(request, reply);
  };
}

/** The onRequest hook limiting an account's single PDFs (after authentication). */
export const limitSinglePdfs = (app: FastifyInstance): Hook =>
  rateLimited(app, [{ ...SINGLE_PDF_LIMIT, key: (request) => `pdf-single:account:${request.user!.id}` }]);

/** Starts (or finds, see above) `user`'s PDF job; `make` runs in the account's turn. Answers the job's id. */
export function startPdfJob(
  app: FastifyInstance,
  options: { kind: PdfJobKind; user: SessionUser; params: Record<string, unknown> },
  make: (job: RunningJob) => Promise<JobOutcome>,
): Promise<number> {
  return startJob(app, { ...options, perAccount: PDF_JOB_KINDS }, (job) => app.pdf.inTurn(`account:${options.user.id}`, () => make(job)));
}
