/**
 * One photo of the zip as the admit card needs it: its type read from its bytes, its size after its
 * EXIF orientation, cropped around the middle to the card's proportions (3 × 4) and reduced. Sharp
 * decodes in libuv's pool, so the event loop only waits for it.
 */
import type { PhotoStatus } from '../../../common/schemas/photos.js';

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

/** Whether the bytes are a photo we can store, by their type and size (read from the headers only). */
export async function checkPhoto(bytes: Buffer): Promise<Checked> {
  const { fileTypeFromBuffer } = await import('file-type');
  const type = (await fileTypeFromBuffer(bytes))?.mime;
  // sharp's libvips reads AVIF but not HEVC-coded HEIC, which is what phones save.
  if (type === 'image/heic' || type === 'image/heif' || type === 'image/heic-sequence' || type === 'image/heif-sequence') return { status: 'heic', width: 0 };
  if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/webp') return { status: 'not_image', width: 0 };
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (meta.width * meta.height > MAX_INPUT_PIXELS) return { status: 'too_large', width: 0 };
    const turned = (meta.orientation ?? 1) >= 5;
    const width = cropWidth(turned ? meta.height : meta.width, turned ? meta.width : meta.height);
    return width < CARD_PHOTO.width ? { status: 'too_small', width } : { status: 'ready', width };
  } catch {
    return { status: 'not_image', width: 0 };
  }
}

/** The stored JPEG: upright, cut to 3 × 4 around the middle, at most STORED, metadata (GPS included) dropped. */
export async function cardPhoto(bytes: Buffer, cropped: number): Promise<{ bytes: Buffer; width: number; height: number }> {
  const { default: sharp } = await import('sharp');
  const width = Math.min(STORED.width, cropped);
  const height = Math.round((width * CARD_PHOTO.height) / CARD_PHOTO.width);
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}
