/**
 * What an uploaded file really is, read from its bytes (never its name or the client's mime type), and
 * the bytes to store: images re-encoded by sharp (orientation applied, metadata dropped, fitted inside
 * width × height without enlarging), PDFs as they came after a check for scripts and actions.
 */
import type { MessageKey } from '../../../common/messages.js';
import { acceptsType, UPLOAD_IMAGE_TYPES, UPLOAD_TYPES, type UploadType } from '../../../common/schemas/media.js';

export type ProcessedFile = { bytes: Buffer; mime: string; ext: 'jpg' | 'png' | 'webp' | 'pdf'; width: number | null; height: number | null };

export class UploadRefused extends Error {
  constructor(readonly messageKey: MessageKey) {
    super(messageKey);
  }
}

/** About 7000 × 7000: more than any camera photo, far less than a decompression bomb needs. */
const MAX_INPUT_PIXELS = 50_000_000;
const JPEG_QUALITY = 82;
const WEBP_QUALITY = 82;

/** PDF names may be written with #xx escapes (/J#53 is /JS), so those are decoded before looking. */
const PDF_ACTIVE_CONTENT = /\/(JavaScript|JS|Launch|SubmitForm|ImportData)(?![A-Za-z0-9])/;

function hasActivePdfContent(bytes: Buffer): boolean {
  const text = bytes.toString('latin1').replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return PDF_ACTIVE_CONTENT.test(text);
}

const isImage = (mime: string) => (UPLOAD_IMAGE_TYPES as readonly string[]).includes(mime);

export async function processUpload(bytes: Buffer, options: { width: number; height: number; accept?: readonly string[] }): Promise<ProcessedFile> {
  // file-type and sharp (libvips) cost ~18 MB once loaded: a server loads them on its first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  const mime = detected?.mime;
  if (!mime || !(UPLOAD_TYPES as readonly string[]).includes(mime)) throw new UploadRefused('upload_type_invalid');
  if (options.accept && !acceptsType(options.accept, mime)) throw new UploadRefused('upload_type_not_accepted');

  if (!isImage(mime)) {
    if (hasActivePdfContent(bytes)) throw new UploadRefused('upload_pdf_active');
    return { bytes, mime, ext: 'pdf', width: null, height: null };
  }
  return reencode(bytes, mime as UploadType, options);
}

async function reencode(bytes: Buffer, mime: UploadType, { width, height }: { width: number; height: number }): Promise<ProcessedFile> {
  const { default: sharp } = await import('sharp');
  try {
    // animated: false reads only the first frame of a GIF (or animated WebP); failOn 'error' refuses broken files.
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width, height, fit: 'inside', withoutEnlargement: true });
    // A GIF is stored as a PNG of its first frame: lossless, keeps transparency, shown everywhere.
    const { format, ext, out } =
      mime === 'image/jpeg'
        ? { format: 'image/jpeg', ext: 'jpg' as const, out: image.jpeg({ quality: JPEG_QUALITY, mozjpeg: true }) }
        : mime === 'image/webp'
          ? { format: 'image/webp', ext: 'webp' as const, out: image.webp({ quality: WEBP_QUALITY }) }
          : { format: 'image/png', ext: 'png' as const, out: image.png() };
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { bytes: data, mime: format, ext, width: info.width, height: info.height };
  } catch {
    throw new UploadRefused('upload_image_unreadable');
  }
}
