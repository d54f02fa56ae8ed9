import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from '../config.js';
import {
  checkedKey,
  type FileStorage,
  isTemporaryKey,
  newTemporaryKey,
  TEMPORARY_PREFIX,
} from './file-storage.js';

export type S3StorageSettings = Extract<StorageConfig, { driver: 's3' }>;

/**
 * S3's smallest multipart part. An upload of unknown length goes up in parts of this size, so
 * each upload in flight holds about one part in memory (the local disk adapter holds none).
 */
const PART_SIZE = 5 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket, for deployments where several servers share the files.
 * S3 shows an object only once its upload completes, and `promote` is a server-side copy, so
 * no reader ever sees half a file. An upload that fails is aborted; a bucket lifecycle rule
 * that aborts incomplete multipart uploads also clears what a crash leaves there.
 */
export function createS3Storage(settings: S3StorageSettings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default checksums on every upload are not understood by every S3-compatible
    // server (older MinIO, s3rver); these send them only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without timeouts an unreachable endpoint would hold a request, and start-up, forever.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
  });
  const bucket = settings.bucket;

  const removeObject = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  };

  return {
    async writeTemporary(content) {
      const key = newTemporaryKey();
      const body = Readable.from(content);
      // When the content fails (a check refused it, the client left), the upload is aborted,
      // and that abort's own outcome must not hide why: the caller answers the content's error.
      let contentError: unknown;
      body.on('error', (error) => {
        contentError = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body },
        partSize: PART_SIZE,
        queueSize: 1,
      });
      try {
        await upload.done();
      } catch (error) {
        throw contentError ?? error;
      }
      return key;
    },

    async promote(temporaryKey, key) {
      await client.send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: checkedKey(key),
          CopySource: `${bucket}/${checkedKey(temporaryKey)}`,
        }),
      );
      await removeObject(temporaryKey);
    },

    async read(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: checkedKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        if (!(object.Body instanceof Readable))
          throw new Error('S3 answered without a body stream');
        return object.Body;
      } catch (error) {
        if (error instanceof Error && error.name === 'NoSuchKey') return null;
        throw error;
      }
    },

    async remove(key) {
      await removeObject(checkedKey(key));
    },

    async sweepTemporary(olderThan) {
      let removed = 0;
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${TEMPORARY_PREFIX}/`,
            ContinuationToken: continuationToken,
          }),
        );
        for (const object of page.Contents ?? []) {
          const stale = object.LastModified && object.LastModified < olderThan;
          if (object.Key && stale && isTemporaryKey(object.Key)) {
            await removeObject(object.Key);
            removed += 1;
          }
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
      return removed;
    },

    close() {
      client.destroy();
    },
  };
}
