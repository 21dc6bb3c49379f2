import 'server-only';
import path from 'node:path';
import type { Env } from '@/lib/server/env';
import { createDiskStore } from '@/lib/server/storage/disk';
import { createS3Store } from '@/lib/server/storage/s3';
import type { BlobStore } from '@/lib/server/storage/types';

export type { BlobStore } from '@/lib/server/storage/types';

export type BlobStoreEnv = Pick<
  Env,
  | 'storage'
  | 'dataDir'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_BUCKET'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/** The store the configuration asks for: S3 when S3_BUCKET is set, otherwise files in DATA_DIR/blobs. */
export function createBlobStore(env: BlobStoreEnv): BlobStore {
  if (env.storage === 'disk') return createDiskStore(path.join(env.dataDir, 'blobs'));
  const { S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    // parseEnv already refuses this; a hand-made env can still get here.
    throw new Error('S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return createS3Store({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    bucket: S3_BUCKET,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}
