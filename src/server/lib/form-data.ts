/**
 * Multipart form data on every route but the upload (architecture §4: bodies may be JSON, urlencoded or
 * multipart). The body is read whole under the app's body limit like any other (413 past it) and only
 * then split into fields, so a form cannot make the server buffer more than a JSON body could. Files are
 * taken only by the routes that register @fastify/multipart in their own scope (lib/multipart.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** More fields than any form has; the settings update, the largest, takes at most 200 values. */
const MAX_FIELDS = 200;

export function formDataBodies(app: FastifyInstance): void {
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, async (request: FastifyRequest, body: Buffer) => {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': String(request.headers['content-type']) } }).formData();
    } catch {
      throw new HttpError(400, 'malformed_request');
    }
    // No prototype: a field may be called anything, `__proto__` included, and is then just an unknown key.
    const fields: Record<string, string | string[]> = Object.create(null);
    let count = 0;
    for (const [name, value] of form) {
      // A stored file is sent as its path; a file part here (an empty file input) carries nothing the route reads.
      if (typeof value !== 'string') continue;
      if (++count > MAX_FIELDS) throw new HttpError(413, 'payload_too_large');
      const previous = fields[name];
      fields[name] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    }
    return fields;
  });
}
