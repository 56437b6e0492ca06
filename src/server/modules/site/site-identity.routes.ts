/**
 * GET /api/site-identity (public): the site's name and logo from the settings, so the app's headers, the
 * browser title, the login and register screens and the printed sheet show the same name the public site does.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SiteIdentityEnvelope } from '../../../common/schemas/reference.js';
import { siteSettings } from './site.data.js';

export async function siteIdentityRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/site-identity', { schema: { tags: ['reference'], response: { 200: SiteIdentityEnvelope } } }, async (_request, reply) => {
      const settings = await siteSettings(app.db);
      // Asked again on every page load: an admin's new name shows at once.
      reply.header('cache-control', 'no-cache');
      return { message: 'OK.', data: { site_name: settings.site_name, site_logo: settings.site_logo } };
    });
}
