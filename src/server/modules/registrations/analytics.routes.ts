/**
 * GET /api/v1/scholarship-registrations/analytics: an institute's own numbers, or for an admin the
 * totals across institutes and the per-institute list (paged, searchable by institute name);
 * GET /api/v1/scholarship-payments/deposit-info: where to pay and how much a student costs.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../common/constants.js';
import { translate } from '../../../common/messages.js';
import { ErrorEnvelope, ValidationErrorEnvelope } from '../../../common/schemas/envelope.js';
import { AnalyticsAnswer, DepositInfoAnswer } from '../../../common/schemas/registrations.js';
import { optionalInt, optionalText } from '../../../common/validation.js';
import { requireRole } from '../../lib/authenticate.js';
import { answeredUnchanged, versionsOf } from '../../lib/conditional.js';
import { requestLang } from '../../lib/language.js';
import { paginate, pageUrlOf } from '../../lib/resource/paginator.js';
import { dhakaToday } from '../../../common/season.js';
import { analytics, depositInfo, instituteRows } from './analytics.js';

const AnalyticsQuery = z.object({ page: optionalInt(1, 1_000_000), paginate: optionalInt(1, MAX_PAGE_SIZE), search: optionalText(100) });
const errors = { 401: ErrorEnvelope, 403: ErrorEnvelope, 422: ValidationErrorEnvelope };

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const schema = { tags: ['scholarship-registrations'], security: [{ bearer: [] }] };

  api.get(
    '/scholarship-registrations/analytics',
    { onRequest: requireRole('admin', 'institute'), schema: { ...schema, querystring: AnalyticsQuery, response: { 200: AnalyticsAnswer, ...errors } } },
    async (request, reply) => {
      const user = request.user!;
      // Its counters, the season's settings, and the day the deadlines are counted from (lib/conditional.ts).
      const scopes = [user.role === 'institute' ? `institute:${user.id}` : 'season', 'settings'];
      if (answeredUnchanged(request, reply, [...(await versionsOf(app.db, scopes)), dhakaToday()])) return reply;
      const message = translate(requestLang(request), 'ok');
      if (user.role === 'institute') return { message, data: await analytics(app.db, user.id) };
      const page = request.query.page ?? 1;
      const perPage = request.query.paginate ?? DEFAULT_PAGE_SIZE;
      const [totals, institutes] = await Promise.all([analytics(app.db, undefined), instituteRows(app.db, { search: request.query.search, page, perPage })]);
      return { message, data: { ...totals, institutes: paginate(institutes.rows, institutes.total, page, perPage, pageUrlOf(request.url)) } };
    },
  );

  api.get(
    '/scholarship-payments/deposit-info',
    { onRequest: requireRole('admin', 'institute'), schema: { ...schema, tags: ['scholarship-payments'], response: { 200: DepositInfoAnswer, ...errors } } },
    async (request) => ({
      message: translate(requestLang(request), 'ok'),
      data: await depositInfo(app.db),
    }),
  );
}
