/**
 * The parts of a zip (an .xlsx, a zip of photos) read from the uploaded bytes, in memory or in a file,
 * inflated as a stream. The central directory is trusted only for where each part starts and how many
 * compressed bytes it has (both checked against the file); how far a part inflates is counted as it
 * inflates, against a budget shared by every part read, and inflating stops the moment the budget is
 * spent (a zip bomb).
 */
import type { FileHandle } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export type ZipEntry = { name: string; method: number; start: number; compressedSize: number };

/** Bytes every part of one workbook may inflate to, together; `left` goes down as they inflate. */
export type InflateBudget = { left: number };

/** Where the zip's bytes are: a buffer, or a file too large to hold in memory. */
export type ZipSource = { size: number; read(at: number, length: number): Promise<Buffer> };

export const bufferSource = (zip: Buffer): ZipSource => ({ size: zip.length, read: async (at, length) => zip.subarray(at, at + length) });

export async function fileSource(file: FileHandle): Promise<ZipSource> {
  const { size } = await file.stat();
  return {
    size,
    read: async (at, length) => {
      const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - at)));
      if (bytes.length > 0) await file.read(bytes, 0, bytes.length, at);
      return bytes;
    },
  };
}

const sourceOf = (zip: Buffer | ZipSource) => (Buffer.isBuffer(zip) ? bufferSource(zip) : zip);

export class ZipError extends Error {
  constructor(readonly reason: 'corrupt' | 'too_big') {
    super(reason);
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** Compressed bytes read from the source at once. */
const CHUNK = 65_536;

/** The parts by name, from the central directory; a part whose bytes lie outside the file is a damaged zip. */
export async function zipEntries(input: Buffer | ZipSource): Promise<Map<string, ZipEntry>> {
  const zip = sourceOf(input);
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const tailStart = Math.max(0, zip.size - 65_557);
  const tail = await zip.read(tailStart, zip.size - tailStart);
  let end = -1;
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipError('corrupt');
  const count = tail.readUInt16LE(end + 10);
  const directoryStart = tail.readUInt32LE(end + 16);
  const directorySize = tail.readUInt32LE(end + 12);
  if (directoryStart + directorySize > zip.size) throw new ZipError('corrupt');
  const directory = await zip.read(directoryStart, directorySize);
  let offset = 0;
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw new ZipError('corrupt');
    const method = directory.readUInt16LE(offset + 10);
    const compressedSize = directory.readUInt32LE(offset + 20);
    const nameLength = directory.readUInt16LE(offset + 28);
    const local = directory.readUInt32LE(offset + 42);
    const name = directory.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + directory.readUInt16LE(offset + 30) + directory.readUInt16LE(offset + 32);
    const header = await zip.read(local, 30);
    if (header.length < 30 || header.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipError('corrupt');
    const start = local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    if (start + compressedSize > zip.size) throw new ZipError('corrupt');
    entries.set(name, { name, method, start, compressedSize });
  }
  return entries;
}

/** A part's compressed bytes, CHUNK at a time, each read on its own turn of the event loop. */
async function* compressedOf(zip: ZipSource, entry: ZipEntry): AsyncGenerator<Buffer> {
  for (let at = 0; at < entry.compressedSize; at += CHUNK) {
    await new Promise((resolve) => setImmediate(resolve));
    yield await zip.read(entry.start + at, Math.min(CHUNK, entry.compressedSize - at));
  }
}

/** Until the stream takes more, or is gone (the reader stopped early: a budget spent, a damaged part). */
function drainedOrClosed(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/** A part's inflated bytes, chunk by chunk (each its own turn of the event loop), counted against `budget`. */
export async function* inflateEntry(input: Buffer | ZipSource, entry: ZipEntry, budget: InflateBudget): AsyncGenerator<Buffer> {
  const zip = sourceOf(input);
  if (entry.method === 0) {
    budget.left -= entry.compressedSize;
    if (budget.left < 0) throw new ZipError('too_big');
    yield* compressedOf(zip, entry);
    return;
  }
  if (entry.method !== 8) throw new ZipError('corrupt');
  const inflate = createInflateRaw();
  const feeding = (async () => {
    for await (const chunk of compressedOf(zip, entry)) {
      if (inflate.destroyed) return;
      if (!inflate.write(chunk)) await drainedOrClosed(inflate);
    }
    inflate.end();
  })().catch((error: unknown) => inflate.destroy(error as Error));
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw new ZipError('too_big');
      yield chunk;
    }
  } catch (error) {
    throw error instanceof ZipError ? error : new ZipError('corrupt');
  } finally {
    inflate.destroy();
    await feeding;
  }
}
