/**
 * A scope that takes files: the app's own form-data parser (lib/form-data.ts) gives way to the multipart
 * plugin, which reads the whole body before the handler within `limits` (one file or a few, a few short
 * fields). A file over `limits.fileSize` is answered with `tooLarge()`, and any other limit the
 * plugin reports with `onLimit`.
 */
import multipart, { type FastifyMultipartBaseOptions, type MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';

type FileScope = {
  limits: NonNullable<FastifyMultipartBaseOptions['limits']>;
  tooLarge: () => Error;
  onLimit?: (code: string) => Error | undefined;
  onFile?: (part: MultipartFile) => Promise<void>;
};

export async function acceptFiles(app: FastifyInstance, { limits, tooLarge, onLimit, onFile }: FileScope): Promise<void> {
  app.removeContentTypeParser('multipart/form-data');
  await app.register(multipart, { attachFieldsToBody: 'keyValues', limits, ...(onFile ? { onFile } : {}) });
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw onLimit?.(error.code) ?? error;
  });
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
