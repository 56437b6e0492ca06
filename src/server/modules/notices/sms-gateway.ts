/**
 * Where an SMS goes: by default a text file per message in DATA_DIR/sms, like the
 * mail folder, so a local install works offline and every SMS can be read; or a gateway's HTTP API as
 * Bangladeshi gateways offer it: a URL (and for POST a body) with {to} and {message} filled in. Any
 * answer but 2xx, a network error or a timeout is a failure the dispatcher retries.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SmsConfig } from '../../config.js';
import { smsEncoding, smsSegments } from './sms-segments.js';

export type Sms = { id: number; to: string; text: string };
export type SmsGateway = { send(sms: Sms): Promise<void> };

/** Longer than a gateway takes to answer, shorter than the dispatcher's lease on the message. */
const GATEWAY_TIMEOUT_MS = 15_000;

export function createSmsGateway(config: SmsConfig): SmsGateway {
  return config.driver === 'file' ? fileGateway(config.dir) : httpGateway(config);
}

/**
 * One file per message, named by its outbox id (a message sent again after a crash replaces its own
 * file), written beside and renamed, so a reader never sees half a message.
 */
function fileGateway(dir: string): SmsGateway {
  return {
    async send({ id, to, text }) {
      await fs.mkdir(dir, { recursive: true });
      const name = `${String(id).padStart(10, '0')}-${to.replace(/[^\d+]/g, '')}.txt`;
      const content = `To: ${to}\nDate: ${new Date().toISOString()}\nEncoding: ${smsEncoding(text)}\nSegments: ${smsSegments(text)}\n\n${text}\n`;
      const partial = path.join(dir, `.${name}.partial`);
      await fs.writeFile(partial, content);
      await fs.rename(partial, path.join(dir, name));
    },
  };
}

function fill(template: string, values: Record<'to' | 'message', string>, encode: (value: string) => string): string {
  return template.replace(/\{(to|message)\}/g, (_, key: 'to' | 'message') => encode(values[key]));
}

/** A JSON body gets the values as JSON string contents; a form body and the URL get them URL-encoded. */
const jsonContent = (value: string) => JSON.stringify(value).slice(1, -1);

function httpGateway(config: Extract<SmsConfig, { driver: 'http' }>): SmsGateway {
  const bodyEncode = /json/i.test(config.contentType) ? jsonContent : encodeURIComponent;
  return {
    async send({ to, text }) {
      const values = { to, message: text };
      const post = config.method === 'POST';
      const response = await fetch(fill(config.url, values, encodeURIComponent), {
        method: config.method,
        headers: {
          ...(config.authorization ? { authorization: config.authorization } : {}),
          ...(post ? { 'content-type': config.contentType } : {}),
        },
        body: post ? fill(config.body ?? '', values, bodyEncode) : undefined,
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      // Read to the end, so the connection is free for the next message; the start of it explains a refusal.
      const answer = await response.text();
      // The gateway's URL may hold its key: the error names the answer, never the address.
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}: ${answer.slice(0, 200)}`);
    },
  };
}
