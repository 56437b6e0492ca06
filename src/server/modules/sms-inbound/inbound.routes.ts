/**
 * POST (or GET) /api/v1/sms/inbound: the SMS gateway's callback for a message sent to the board's number
 * (docs/integrators/sms.md). The gateway proves itself with the shared secret (a header or a field,
 * compared in constant time) and names the sender, the text and its message id in fields of its own
 * naming (JSON, form-encoded or multipart, or the query string). A request for a result is answered by
 * SMS through the outbox from the live published version only; every message the secret admits is
 * answered 200, whatever it asked and whether a reply was queued, so the gateway does not send it again.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../../common/messages.js';
import { SmsInboundEnvelope } from '../../../common/schemas/sms-inbound.js';
import { BD_MOBILE, hasNul, normalizeMobile } from '../../../common/validation.js';
import type { SmsInboundConfig } from '../../config.js';
import { HttpError, ValidationError } from '../../lib/errors.js';
import { requestLang } from '../../lib/language.js';
import { publishedResult } from '../results/index.js';
import { receive } from './inbound.service.js';
import { requestedRoll } from './inbound-text.js';
import { replyTo } from './reply-texts.js';

/** More than any SMS a phone sends (ten parts); the rest of a longer text is not kept. */
const MAX_TEXT = 1000;
/** A gateway's message id is short; a longer one is refused rather than cut, since a cut one could match another's. */
const MAX_MESSAGE_ID = 200;
/** Any phone, landlines and other countries included, as the gateway writes it. */
const ANY_PHONE = /^\+?\d{6,15}$/;

type Fields = Record<string, unknown>;

/** The query string's fields and the body's, the body's winning: gateways put them in either. */
function fieldsOf(request: FastifyRequest): Fields {
  const asObject = (value: unknown): Fields => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {});
  return { ...asObject(request.query), ...asObject(request.body) };
}

/** A field by its name, or by its dotted path into a JSON body (`data.from`). */
function fieldAt(fields: Fields, name: string): unknown {
  if (Object.hasOwn(fields, name)) return fields[name];
  let value: unknown = fields;
  for (const part of name.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, part)) return undefined;
    value = (value as Fields)[part];
  }
  return value;
}

/** A field's text: a number as written (a JSON sender `8801712345678`), a repeated form field's first value. */
function textOf(value: unknown): string | undefined {
  if (Array.isArray(value)) return textOf(value[0]);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal digests of equal length: the time taken says nothing of how much of the secret was right. */
function secretGiven(config: SmsInboundConfig, request: FastifyRequest, fields: Fields): boolean {
  const given = 'header' in config.secretIn ? textOf(request.headers[config.secretIn.header]) : textOf(fieldAt(fields, config.secretIn.field));
  return timingSafeEqual(digest(given ?? ''), digest(config.secret)) && given !== undefined;
}

/** The number to reply to: a Bangladeshi mobile as 01XXXXXXXXX whatever its prefix, any other as the gateway wrote it. */
function senderOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const number = normalizeMobile(value.trim());
  return BD_MOBILE.test(number) || ANY_PHONE.test(number) ? number : undefined;
}

export async function inboundRoutes(app: FastifyInstance): Promise<void> {
  const config = app.config.smsInbound;
  app.withTypeProvider<ZodTypeProvider>().route({
    // GET too: many gateways call their push URL with the message in the query string. No HEAD: it would act.
    method: ['GET', 'POST'],
    url: '/sms/inbound',
    exposeHeadRoute: false,
    schema: { tags: ['sms'], summary: 'The SMS gateway’s callback: a result asked for by SMS', response: { 200: SmsInboundEnvelope } },
    handler: async (request) => {
      if (!config) throw new HttpError(404, 'sms_inbound_off');
      const fields = fieldsOf(request);
      if (!secretGiven(config, request, fields)) throw new HttpError(401, 'sms_inbound_secret');

      const senderText = textOf(fieldAt(fields, config.fields.sender));
      const sender = senderOf(senderText);
      const text = textOf(fieldAt(fields, config.fields.text));
      const messageId = config.fields.id ? textOf(fieldAt(fields, config.fields.id))?.trim() || null : null;
      const errors: Record<string, ('required' | 'invalid_phone' | 'too_long' | 'invalid_text')[]> = {};
      if (!sender) errors[config.fields.sender] = [senderText?.trim() ? 'invalid_phone' : 'required'];
      // A missing text field is the gateway's configuration; an empty text is a person's, answered with how to ask.
      if (text === undefined) errors[config.fields.text] = ['required'];
      if (messageId && messageId.length > MAX_MESSAGE_ID) errors[config.fields.id!] = ['too_long'];
      // Not stripped like the text's: an id made equal to another's would drop that message as its repeat.
      else if (messageId && hasNul(messageId)) errors[config.fields.id!] = ['invalid_text'];
      if (!sender || text === undefined || Object.keys(errors).length > 0) {
        throw new ValidationError(errors, {}, config.fields.id ? { [config.fields.id]: { max: MAX_MESSAGE_ID } } : {});
      }

      const kept = text.replaceAll('\u0000', '').slice(0, MAX_TEXT);
      const roll = requestedRoll(kept);
      const reply = replyTo(roll, roll === undefined ? undefined : await publishedResult(app.db, roll));
      const outcome = await receive(app.db, { messageId, sender, text: kept, answer: reply.answer, reply: reply.text }, config.replies);
      request.log.info({ answer: reply.answer, outcome }, 'inbound SMS');
      return {
        message: translate(requestLang(request), 'sms_inbound_received'),
        data: { outcome, answer: outcome === 'duplicate' ? null : reply.answer },
      };
    },
  });
}
