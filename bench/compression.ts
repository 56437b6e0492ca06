/**
 * Bytes saved against CPU per answer for each compression level worth considering (lib/compression.ts
 * chose brotli 4): each body is compressed repeatedly in this process and its CPU time (user + system,
 * process.cpuUsage) divided by the rounds, which a busy machine disturbs far less than wall time.
 *
 * `node --import tsx bench/compression.ts <url>[ <url>…] [--token T]` measures the answers at those URLs
 * (fetched uncompressed); `npm run bench` runs it as the `compression` scenario on the list answer, a
 * result page and a site page.
 */
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

export const LEVELS = [
  { name: 'gzip 1', compress: (body: Buffer) => zlib.gzipSync(body, { level: 1 }) },
  { name: 'gzip 6', compress: (body: Buffer) => zlib.gzipSync(body, { level: 6 }) },
  { name: 'brotli 1', compress: (body: Buffer) => brotli(body, 1) },
  { name: 'brotli 4', compress: (body: Buffer) => brotli(body, 4) },
  { name: 'brotli 11 (default)', compress: (body: Buffer) => brotli(body, 11) },
] as const;

function brotli(body: Buffer, quality: number): Buffer {
  return zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  });
}

export type CompressionRow = { answer: string; level: string; bytes: number; compressed: number; saved: number; cpuMs: number };

/** Each level on each body: its size, the share of bytes saved, and CPU milliseconds per answer. */
export function compressionTable(
  bodies: { answer: string; body: Buffer }[],
  roundsFor: (level: string) => number = (level) => (level.includes('11') ? 5 : 50),
): CompressionRow[] {
  const rows: CompressionRow[] = [];
  for (const { answer, body } of bodies) {
    for (const level of LEVELS) {
      const rounds = roundsFor(level.name);
      let compressed = level.compress(body);
      const started = process.cpuUsage();
      for (let i = 0; i < rounds; i++) compressed = level.compress(body);
      const used = process.cpuUsage(started);
      rows.push({
        answer,
        level: level.name,
        bytes: body.length,
        compressed: compressed.length,
        saved: Math.round((1 - compressed.length / body.length) * 1000) / 10,
        cpuMs: Math.round(((used.user + used.system) / 1000 / rounds) * 100) / 100,
      });
    }
  }
  return rows;
}

export function tableText(rows: CompressionRow[]): string {
  const lines = ['| answer | level | bytes | compressed | saved | CPU ms per answer |', '|---|---|---|---|---|---|'];
  for (const r of rows)
    lines.push(`| ${r.answer} | ${r.level} | ${r.bytes.toLocaleString('en')} | ${r.compressed.toLocaleString('en')} | ${r.saved}% | ${r.cpuMs} |`);
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { token: { type: 'string' } } });
  if (positionals.length === 0) throw new Error('usage: bench/compression.ts <url>[ <url>…] [--token T]');
  const bodies = [];
  for (const url of positionals) {
    const res = await fetch(url, {
      headers: { 'accept-encoding': 'identity', accept: 'text/html, application/json', ...(values.token ? { authorization: `Bearer ${values.token}` } : {}) },
    });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    bodies.push({ answer: new URL(url).pathname, body: Buffer.from(await res.arrayBuffer()) });
  }
  console.log(tableText(compressionTable(bodies)));
}
