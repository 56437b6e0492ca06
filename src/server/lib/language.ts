/** The language an answer's messages are written in: the caller's Accept-Language, Bengali first. */
import type { FastifyRequest } from 'fastify';
import type { Lang } from '../../common/messages.js';

export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers['accept-language'] ?? '';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'bn';
}
