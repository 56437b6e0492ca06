/**
 * Answers to phones are small (architecture §10): a JSON or HTML answer of ~1 KB or more goes out
 * compressed with brotli or gzip, whichever the client accepts (brotli first). The levels were chosen
 * by measurement (bench/compression.ts, README "Benchmark"): brotli 4 cuts a list answer to about a
 * sixth for about gzip 6's CPU (~0.5 ms) and HTML a little further, while brotli's default level costs
 * ~90 times more per answer for 3–4 points more.
 *
 * Only answers already whole in memory are compressed, in one hook on every answer (the public site's
 * pages are sent by the not-found handler, which @fastify/compress's per-route hooks never see). Streams
 * pass as they are: the CSV and xlsx exports (the season's largest answers, whose CPU is their budget),
 * PDFs, stored files, and the client's static files, which carry Vite's own .br/.gz (@fastify/static
 * `preCompressed`). Request bodies are never inflated: a compressed upload is refused as before.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;
/** Below this an answer fits a packet or two already; compressing it saves too little to pay for. */
export const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /^(?:application\/json|text\/html)\b/;

/** The encoding to send: brotli, else gzip, when Accept-Encoding names it (or `*`) without `q=0`. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return allows('br') ? 'br' : allows('gzip') ? 'gzip' : undefined;
}

/**
 * The encoding an answer goes out in, or undefined to send it as it is; sets Vary wherever the answer depends
 * on Accept-Encoding. Synchronous, so the many answers left as they are cost no promise.
 */
function encodingOf(request: FastifyRequest, reply: FastifyReply, payload: unknown): 'br' | 'gzip' | undefined {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
  if (reply.hasHeader('content-encoding') || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return undefined;
  // A string of 1,024 characters is at least as many bytes: only a shorter one needs counting.
  if (payload.length < COMPRESS_FROM_BYTES && Buffer.byteLength(payload) < COMPRESS_FROM_BYTES) return undefined;
  // Whether it is compressed depends on Accept-Encoding, which caches must key on.
  reply.header('vary', [reply.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
  return acceptedEncoding(request.headers['accept-encoding']);
}

async function compressed(encoding: 'br' | 'gzip', reply: FastifyReply, payload: string | Buffer): Promise<Buffer> {
  // An ETag names one body: a cached site page or an unchanged list is compressed once, not per request.
  const etag = reply.getHeader('etag');
  const key = typeof etag === 'string' ? `${encoding} ${etag}` : undefined;
  const body = (key && byEtag.get(key)) || (await compress(encoding, payload));
  if (key && !byEtag.has(key)) remember(key, body);
  reply.header('content-encoding', encoding).header('content-length', body.length);
  return body;
}

const compress = (encoding: 'br' | 'gzip', payload: string | Buffer) =>
  encoding === 'br'
    ? brotli(payload, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
      })
    : gzip(payload, { level: GZIP_LEVEL });

/** Compressed bodies by encoding and ETag, the oldest forgotten first (a Map keeps insertion order). */
const byEtag = new Map<string, Buffer>();
const REMEMBERED = 256;
function remember(key: string, body: Buffer): void {
  if (byEtag.size >= REMEMBERED) byEtag.delete(byEtag.keys().next().value!);
  byEtag.set(key, body);
}

export function compression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const encoding = encodingOf(request, reply, payload);
    if (!encoding) return done(null, payload);
    compressed(encoding, reply, payload as string | Buffer).then(
      (body) => done(null, body),
      (error: Error) => done(error),
    );
  });
}
