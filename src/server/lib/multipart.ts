/**
 * A scope that takes files: the app's own form-data parser (lib/form-data.ts) gives way to the multipart
 * plugin, which reads the whole body before the handler within `limits` (one file or a few, a few short
 * fields). A file over `limits.fileSize` is answered with `tooLarge()`, and any other limit the
 * plugin reports with `onLimit`.
 */
import multipart, { type FastifyMultipartBaseOptions, type MultipartFile } from '@fastify/multipart';
import type { FastifyError, FastifyInstance } from 'fastify';

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
