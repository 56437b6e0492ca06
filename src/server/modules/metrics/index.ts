/**
 * GET /metrics: the server's metrics in Prometheus's text format (lib/metrics), to the addresses
 * METRICS_ALLOW names; anyone else gets the same 404 as any unknown path.
 */
import { addressCheck } from '../../lib/metrics/access.js';
import { defineModule } from '../../lib/server-module.js';
import { translate } from '../../../common/messages.js';
import { requestLang } from '../../lib/language.js';

export const module = defineModule({
  tables: [],
  site: (app) => {
    const allowed = app.config.metricsAllow;
    if (!allowed) return;
    const allows = addressCheck(allowed);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!allows(request)) return reply.status(404).send({ message: translate(requestLang(request), 'not_found'), data: null });
      return reply
        .header('cache-control', 'no-store')
        .type(app.metrics.contentType)
        .send(await app.metrics.metrics());
    });
  },
});
