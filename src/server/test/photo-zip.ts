/**
 * Zips of photos as people make them, for the bulk photo tests and benchmark: each file deflated (or
 * stored), names in UTF-8 (Bengali digits included), folders as they come.
 */
import { crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { zipArchive } from './zip-writer.js';

export type ZipFile = { name: string; data: Buffer; store?: boolean };

export function zipOf(files: readonly ZipFile[]): Buffer {
  return zipArchive(
    files.map(({ name, data, store }) => ({
      name,
      packed: store ? data : deflateRawSync(data),
      method: store ? 0 : 8,
      crc: crc32(data),
      size: data.length,
      utf8: true,
    })),
  );
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

/**
 * A photo with a real one's detail (fine grain over the whole picture): its JPEG about as large as a scanned
 * passport photo's (~55 KB at 600 × 800) and as costly to decode and encode, which flat colours are not.
 */
export function grainyPhoto(width: number, height: number, options: { orientation?: number; seed?: number } = {}): Promise<Buffer> {
  const grain = sharp({
    create: { width, height, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 110 + (options.seed ?? 0) * 5, sigma: 6 } },
  }).jpeg({
    quality: 85,
  });
  return (options.orientation ? grain.withMetadata({ orientation: options.orientation }) : grain).toBuffer();
}
