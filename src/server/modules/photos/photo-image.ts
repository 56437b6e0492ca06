/**
 * One photo of the zip as the admit card needs it: its type read from its bytes, its size after its
 * EXIF orientation, cropped around the middle to the card's proportions (3 × 4) and reduced. Sharp
 * decodes in libuv's pool and HEIC is read in a worker thread (heic.ts), so the event loop only waits
 * for them.
 */
import type { Sharp } from 'sharp';
import type { PhotoStatus } from '../../../common/schemas/photos.js';
import { readHeic } from './heic.js';

/** The admit card prints the photo at 240 × 320 (exam/admit-cards.ts); a photo smaller than that is refused. */
export const CARD_PHOTO = { width: 240, height: 320 };
/** Stored at twice the printed size: sharp on the verify page and screens, small enough (~50 KB). */
const STORED = { width: CARD_PHOTO.width * 2, height: CARD_PHOTO.height * 2 };
/** About 7000 × 7000, as for single uploads: more than any camera's photo, far less than a decompression bomb. */
const MAX_INPUT_PIXELS = 50_000_000;
const JPEG_QUALITY = 82;

type Checked = { status: Extract<PhotoStatus, 'ready' | 'not_image' | 'heic' | 'too_small' | 'too_large'>; width: number };

/** The width of the 3 × 4 box cut around the middle of a `width` × `height` picture. */
const cropWidth = (width: number, height: number) => Math.min(width, Math.floor((height * CARD_PHOTO.width) / CARD_PHOTO.height));

/** HEVC in a HEIF box, as phones save: sharp's libvips reads AVIF but not HEVC, so heic.ts reads these. */
const HEIC_TYPES = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

/** The type the bytes are, whatever the file's name says. */
async function typeOf(bytes: Buffer): Promise<string> {
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(bytes))?.mime ?? '';
}

/** The size of the 3 × 4 box a picture of `width` × `height` (upright) gives, and whether it fits the card. */
function checkedSize(width: number, height: number): Checked {
  if (width * height > MAX_INPUT_PIXELS) return { status: 'too_large', width: 0 };
  const cropped = cropWidth(width, height);
  return cropped < CARD_PHOTO.width ? { status: 'too_small', width: cropped } : { status: 'ready', width: cropped };
}

/** Whether the bytes are a photo we can store, by their type and size (read from the headers only). */
export async function checkPhoto(bytes: Buffer): Promise<Checked> {
  const type = await typeOf(bytes);
  if (HEIC_TYPES.has(type)) {
    // A HEIC libheif cannot read (a damaged file, a burst without a still) is named as HEIC: saved as JPEG, it goes.
    const size = await readHeic(bytes, false, MAX_INPUT_PIXELS).catch(() => undefined);
    return size ? checkedSize(size.width, size.height) : { status: 'heic', width: 0 };
  }
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') return { status: 'not_image', width: 0 };
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    return checkedSize(turned ? meta.height : meta.width, turned ? meta.width : meta.height);
  } catch {
    return { status: 'not_image', width: 0 };
  }
}

/** The stored JPEG: upright, cut to 3 × 4 around the middle, at most STORED, metadata (GPS included) dropped. */
export async function cardPhoto(bytes: Buffer, cropped: number): Promise<{ bytes: Buffer; width: number; height: number }> {
  const width = Math.min(STORED.width, cropped);
  const height = Math.round((width * CARD_PHOTO.height) / CARD_PHOTO.width);
  const { data, info } = await (
    await decoded(bytes)
  )
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'centre' })
    // libjpeg-turbo, not mozjpeg: a 480 × 640 photo encodes in ~16 ms instead of ~100 ms, ~20% larger; and without
    // the second pass that optimises the Huffman tables (~11% of a photo's time, the file a few per cent larger): a
    // school's zip must store 5,000 photos within a minute on two cores (the benchmark's photos-bulk).
    .jpeg({ quality: JPEG_QUALITY, optimiseCoding: false })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** The photo as sharp reads it: HEIC as the worker's upright pixels, anything else as its own bytes. */
async function decoded(bytes: Buffer): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  if (!HEIC_TYPES.has(await typeOf(bytes))) return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const { width, height, rgba } = await readHeic(bytes, true, MAX_INPUT_PIXELS);
  if (!rgba) throw new Error('HEIC photo larger than the limit');
  return sharp(rgba, { raw: { width, height, channels: 4 } });
}
