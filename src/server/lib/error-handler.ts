/**
 * One place that turns every failure into the contract's JSON answer (architecture §4): 422 with field
 * messages, 401/403/404/413/429 with a message, and a 500 that never shows a stack or a database error.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isMessageKey, type MessageKey, translate } from '../../common/messages.js';
import { HttpError, ValidationError } from './errors.js';
import { requestLang } from './language.js';

type Issue = { path: string; message: string; params: Record<string, unknown> };

function validationAnswer(request: FastifyRequest, reply: FastifyReply, issues: Issue[]) {
  const lang = requestLang(request);
  // No prototype: a field may be called anything a client sends, `__proto__` included.
  const data: Record<string, string[]> = Object.create(null);
  for (const issue of issues) {
    const field = issue.path || '_';
    // A schema's own messages are keys; zod's built-in English (a body that is not an object) is not shown.
    const key = isMessageKey(issue.message) ? issue.message : issue.path ? 'invalid_text' : 'malformed_request';
    // zod names its bounds minimum/maximum; a ValidationError's own {min}/{max} (a subject's full marks) stay as given.
    const text = translate(lang, key, { min: issue.params.minimum, max: issue.params.maximum, ...issue.params });
    (data[field] ??= []).push(text);
  }
  return reply.status(422).send({ message: translate(lang, 'validation_failed'), data });
}

/** busboy's messages for a multipart body that ended early or is not multipart at all. */
const TRUNCATED_MULTIPART = /^(Unexpected end of|Part terminated early|Malformed)/;

function statusKey(status: number): MessageKey {
  switch (status) {
    case 401:
      return 'unauthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'too_many_requests';
    default:
      return status >= 500 ? 'server_error' : 'malformed_request';
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A malformed id in the path names no record: that is a 404, not a form error.
    if (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params') {
      return reply.status(404).send({ message: translate(requestLang(request), 'not_found'), data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return validationAnswer(
        request,
        reply,
        error.validation.map((v) => ({ path: v.instancePath.slice(1).replaceAll('/', '.'), message: v.message ?? 'invalid_text', params: v.params })),
      );
    }
    if (error instanceof ValidationError) {
      return validationAnswer(
        request,
        reply,
        Object.entries(error.fields).flatMap(([path, keys]) =>
          keys.map((message) => ({ path, message, params: { ...error.params, ...error.fieldParams[path] } })),
        ),
      );
    }
    // A multipart body cut short (a dropped connection) is the client's fault, whatever the route.
    if (!error.statusCode && TRUNCATED_MULTIPART.test(error.message)) {
      return reply.status(400).send({ message: translate(requestLang(request), 'malformed_request'), data: null });
    }
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const key = error instanceof HttpError ? error.messageKey : statusKey(status);
    return reply.status(status >= 400 ? status : 500).send({ message: translate(requestLang(request), key), data: null });
  });
}
