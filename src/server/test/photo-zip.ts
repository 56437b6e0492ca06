/**
 * Zips of photos as people make them, for the bulk photo tests and benchmark: each file deflated (or
 * stored), names in UTF-8 (Bengali digits included), folders as they come.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

export type ZipFile = { name: string; data: Buffer; store?: boolean };

export function zipOf(files: readonly ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data, store } of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const packed = store ? data : deflateRawSync(data);
    const method = store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc32(data), 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    directory.push(entry, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, central, end]);
}

/** A photo with a left half and a right half of different colours, so a crop around the middle can be seen. */
export function photo(width: number, height: number, options: { orientation?: number; format?: 'jpeg' | 'png' } = {}): Promise<Buffer> {
  const half = Math.floor(width / 2);
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).composite([
    { input: { create: { width: width - half, height, channels: 3, background: { r: 240, g: 200, b: 40 } } }, left: half, top: 0 },
  ]);
  if (options.format === 'png') return image.png().toBuffer();
  const jpeg = image.jpeg({ quality: 85 });
  return (options.orientation ? jpeg.withMetadata({ orientation: options.orientation }) : jpeg).toBuffer();
}
