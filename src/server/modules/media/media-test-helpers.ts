/** Multipart bodies for inject() and real image bytes for the media tests. */
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

export type Part = { name: string; value: string } | { name: string; file: Buffer; filename: string; type?: string };

/** A multipart body built by the platform's own FormData, as a browser would send it. */
export async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('file' in part) form.append(part.name, new Blob([new Uint8Array(part.file)], { type: part.type ?? 'application/octet-stream' }), part.filename);
    else form.append(part.name, part.value);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

export async function upload(app: FastifyInstance, parts: Part[], headers: Record<string, string> = {}, remoteAddress?: string) {
  const body = await multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/media/upload',
    headers: { 'accept-language': 'en', ...headers, ...body.headers },
    payload: body.payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json() as { message: string; data: unknown } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function jpeg(width: number, height: number, withExif = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg({ quality: 90 });
  return (
    withExif ? image.withExif({ IFD0: { Make: 'SecretCam', Copyright: 'secret-owner' }, IFD3: { GPSLatitude: '23/1 48/1 0/1', GPSLatitudeRef: 'N' } }) : image
  ).toBuffer();
}

export const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A minimal, valid one-page PDF; `extra` goes into its catalog dictionary. */
export function pdf(extra = ''): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R ${extra}>> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}
