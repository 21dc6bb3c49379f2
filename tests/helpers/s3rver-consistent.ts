import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * s3rver 3.7.1 answers a PUT once the body is read, while its object file may still be opening or filling (it
 * neither waits for the file's write stream to finish nor, for a body in memory, for it to start): a HEAD or GET
 * right after can find no object, or a short one — seen under load as «object … is missing right after it was
 * written». S3 reads its own writes, and the stand-in must too: its store writes the file to the end before the
 * object's metadata, and answers after both. Imported for its effect by every test that starts an s3rver.
 */

interface FsStore {
  getResourcePath(bucket: string, key: string | undefined, kind: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
}
interface S3Object {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: unknown;
}

const require = createRequire(import.meta.url);
const FilesystemStore = require('s3rver/lib/stores/filesystem.js') as { prototype: FsStore & { putObject(o: S3Object): Promise<{ size: number; md5: string }> } };

FilesystemStore.prototype.putObject = async function putObject(this: FsStore, object: S3Object) {
  const file = this.getResourcePath(object.bucket, object.key, 'object');
  await fs.promises.mkdir(file.slice(0, file.lastIndexOf('/')), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const source = Buffer.isBuffer(object.content) ? [object.content] : object.content;
  await pipeline(source, count, fs.createWriteStream(file));
  const digest = md5.digest('hex');
  await this.putMetadata(object.bucket, object.key, object.metadata, digest);
  return { size, md5: digest };
};
