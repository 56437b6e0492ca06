/**
 * Reads HEIC photos (what phones save) in a thread of its own: libheif's decoder is WebAssembly, which runs
 * on the thread that calls it, and a 12-megapixel photo takes a good part of a second to decode, which the
 * event loop every request needs must not wait for (heic.ts starts it and queues the photos).
 */
import { parentPort } from 'node:worker_threads';
import decode from 'heic-decode';

// libheif prints why a file did not parse; the answer carries that, so the server's log is spared the copy.
console.log = console.error = () => undefined;

export type HeicRequest = { id: number; bytes: Uint8Array; pixels: boolean; maxPixels: number };
/** The primary image's size, and its RGBA pixels when asked for and within the limit; or why not. */
export type HeicAnswer = { id: number; width: number; height: number; rgba?: ArrayBuffer } | { id: number; error: string };

parentPort!.on('message', (request: HeicRequest) => {
  void answer(request).then(({ message, transfer }) => parentPort!.postMessage(message, transfer));
});

async function answer({ id, bytes, pixels, maxPixels }: HeicRequest): Promise<{ message: HeicAnswer; transfer: ArrayBuffer[] }> {
  try {
    const images = await decode.all({ buffer: bytes });
    try {
      const image = images[0]!;
      const { width, height } = image;
      if (!pixels || width * height > maxPixels) return { message: { id, width, height }, transfer: [] };
      // libheif turns the picture as its rotation and mirror boxes say, so the pixels come upright.
      const { data } = await image.decode();
      const rgba = data.buffer as ArrayBuffer;
      return { message: { id, width, height, rgba }, transfer: [rgba] };
    } finally {
      images.dispose();
    }
  } catch (error) {
    return { message: { id, error: error instanceof Error ? error.message : String(error) }, transfer: [] };
  }
}
