// A real S3 protocol server for tests (s3rver, on a temporary folder and a free port), and the
// S3 media storage pointed at it: the same SDK calls, signatures and presigned URLs as production.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createS3MediaStorage, type MediaStorage, type S3StorageOptions } from '../db/src/index.js';

export interface TestS3 {
  endpoint: string;
  options: S3StorageOptions;
  storage: MediaStorage;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'pauta-media'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'pauta-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver's fixed credentials.
  const options: S3StorageOptions = {
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    endpoint,
    options,
    storage: createS3MediaStorage(options),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
