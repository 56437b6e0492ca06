/**
 * A scope that takes files: the app's own form-data parser (lib/form-data.ts) gives way to the multipart
 * plugin, within `limits` (one file or a few, a few short fields). Either the plugin reads the whole body
 * before the handler (`acceptFiles`: a sheet, a picture), or the handler streams the one file to disk as
 * it arrives (`streamFiles` and `receiveToFile`: a zip of a school's photos is more than a server should
 * hold per upload). A file over `limits.fileSize` is answered with `tooLarge()`, and any other limit the
 * plugin reports with `onLimit`.
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import multipart, { type FastifyMultipartBaseOptions, type MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';

type FileScope = {
  limits: NonNullable<FastifyMultipartBaseOptions['limits']>;
  tooLarge: () => Error;
  onLimit?: (code: string) => Error | undefined;
};

async function takeFiles(app: FastifyInstance, { tooLarge, onLimit }: FileScope, options: Parameters<typeof multipart>[1]): Promise<void> {
  app.removeContentTypeParser('multipart/form-data');
  await app.register(multipart, options);
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw onLimit?.(error.code) ?? error;
  });
}

/** The plugin reads the body whole; the route's body holds the fields, a file's bytes (or what `onFile` makes of it). */
export async function acceptFiles(app: FastifyInstance, scope: FileScope & { onFile?: (part: MultipartFile) => Promise<void> }): Promise<void> {
  const { limits, onFile } = scope;
  await takeFiles(app, scope, { attachFieldsToBody: 'keyValues', limits, ...(onFile ? { onFile } : {}) });
}

/** The handler reads the body itself, with `receiveToFile`. */
export async function streamFiles(app: FastifyInstance, scope: FileScope): Promise<void> {
  await takeFiles(app, scope, { limits: scope.limits });
}

/**
 * A streamed form's text fields, and its file part written to `file` as it arrives (`written` is undefined
 * when no file came). Past the scope's `fileSize` the plugin fails the stream, which the scope answers
 * with `tooLarge()`; what was written by then is the caller's to remove.
 */
export async function receiveToFile(request: FastifyRequest, file: string): Promise<{ fields: Record<string, string>; written?: string }> {
  // No prototype: a field may be called anything, `__proto__` included.
  const fields: Record<string, string> = Object.create(null);
  let written: string | undefined;
  if (!request.isMultipart()) return { fields };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      await pipeline(part.file, createWriteStream(file));
      written = file;
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  return { fields, written };
}

/**
 * A form's fields as such a scope reads them, for the route's body schema. The route judges each value
 * itself (a missing file is its own message, after the checks it comes behind), so these never refuse.
 */
export const FormFields = {
  /** The bytes of a file field; undefined when none, or an empty one, came (a text field of that name is no file). */
  file: z
    .unknown()
    .optional()
    .transform((value) => (Buffer.isBuffer(value) && value.length > 0 ? value : undefined)),
  /** A text field's value; undefined when absent or repeated. */
  text: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === 'string' ? value : undefined)),
};
