/** `app.pdf`: the PDF generator, its Chromium started on the first render and closed with the app. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PdfConfig } from '../../config.js';
import { createPdfGenerator, type PdfGenerator } from './generator.js';

declare module 'fastify' {
  interface FastifyInstance {
    pdf: PdfGenerator;
  }
}

export const pdfPlugin = fp(async (app: FastifyInstance, options: { config: PdfConfig }) => {
  const pdf = createPdfGenerator(options.config, app.log);
  app.decorate('pdf', pdf);
  app.addHook('onClose', async () => pdf.close());
});
