/**
 * The parts of a zip (an .xlsx) read from the uploaded bytes, inflated as a stream. The central
 * directory is trusted only for where each part starts and how many compressed bytes it has (both
 * checked against the file); how far a part inflates is counted as it inflates, against a budget
 * shared by every part read, and inflating stops the moment the budget is spent (a zip bomb).
 */
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';

export type ZipEntry = { name: string; method: number; start: number; compressedSize: number };

/** Bytes every part of one workbook may inflate to, together; `left` goes down as they inflate. */
export type InflateBudget = { left: number };

export class ZipError extends Error {
  constructor(readonly reason: 'corrupt' | 'too_big') {
    super(reason);
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The parts by name, from the central directory; a part whose bytes lie outside the file is a damaged zip. */
export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  // The end-of-central-directory record sits in the last 64 KiB + 22 bytes.
  const from = Math.max(0, zip.length - 65_557);
  let end = -1;
  for (let at = zip.length - 22; at >= from; at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new ZipError('corrupt');
  const count = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== DIRECTORY_ENTRY) throw new ZipError('corrupt');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + zip.readUInt16LE(offset + 30) + zip.readUInt16LE(offset + 32);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) throw new ZipError('corrupt');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    if (start + compressedSize > zip.length) throw new ZipError('corrupt');
    entries.set(name, { name, method, start, compressedSize });
  }
  return entries;
}

/** A part's inflated bytes, chunk by chunk (each its own turn of the event loop), counted against `budget`. */
export async function* inflateEntry(zip: Buffer, entry: ZipEntry, budget: InflateBudget): AsyncGenerator<Buffer> {
  const compressed = zip.subarray(entry.start, entry.start + entry.compressedSize);
  if (entry.method === 0) {
    budget.left -= compressed.length;
    if (budget.left < 0) throw new ZipError('too_big');
    for (let at = 0; at < compressed.length; at += 65_536) {
      await new Promise((resolve) => setImmediate(resolve));
      yield compressed.subarray(at, at + 65_536);
    }
    return;
  }
  if (entry.method !== 8) throw new ZipError('corrupt');
  const inflate = createInflateRaw();
  const source = Readable.from([compressed]);
  source.pipe(inflate);
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw new ZipError('too_big');
      yield chunk;
    }
  } catch (error) {
    throw error instanceof ZipError ? error : new ZipError('corrupt');
  } finally {
    source.unpipe(inflate);
    source.destroy();
    inflate.destroy();
  }
}
