/**
 * POST /api/v1/page-build/layout {id, layout}: the page builder saves the grid of one page and
 * nothing else, so the page's other fields stay as they are.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../common/messages.js';
import { PageLayoutBody, PageLayoutEnvelope } from '../../../common/schemas/pages.js';
import { requireRole } from '../../lib/authenticate.js';
import { notFound } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { now } from '../../lib/time.js';
import { layoutOf, withLayout } from './pages.resource.js';

export async function pageLayoutRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/page-build/layout',
    {
      onRequest: requireRole('admin'),
      schema: { tags: ['page-build'], security: [{ bearer: [] }], body: PageLayoutBody, response: { 200: PageLayoutEnvelope } },
    },
    async (request) => {
      const { id, layout } = request.body;
      const page = await app.db.selectFrom('web_pages').select('custom_fields').where('id', '=', id).executeTakeFirst();
      if (!page) throw notFound();
      const customFields = withLayout(page.custom_fields, layout);
      await app.db.updateTable('web_pages').set({ custom_fields: customFields, updated_at: now() }).where('id', '=', id).execute();
      return { message: translate(requestLang(request), 'updated'), data: { id, layout: layoutOf(customFields) } };
    },
  );
}
