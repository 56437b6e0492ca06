/** Files in an S3-compatible bucket (AWS S3, MinIO, …), for deployments with several app servers. */
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { StorageConfig } from '../../config.js';
import { checkKey, type Storage, type StoredFile } from './storage.js';

type S3Config = Extract<StorageConfig, { driver: 's3' }>;

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

export function s3Storage(config: S3Config): Storage & { destroy(): void } {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Path-style addressing works with every S3-compatible server; virtual hosts need DNS per bucket.
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // A streamed body is then sent as it is, with its length, instead of in aws-chunked frames with a
    // checksum trailer, which S3-compatible servers other than AWS (MinIO releases, s3rver) store verbatim.
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async putStream(key, body, size, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType, ContentLength: size }));
    },
    async get(key): Promise<StoredFile | null> {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    destroy() {
      client.destroy();
    },
  };
}
