import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import '../../helpers/s3rver-consistent';

/**
 * s3rver 3.7.1 with the multipart calls it lacks, as S3 answers them: AbortMultipartUpload
 * (`DELETE ?uploadId`, 204, NoSuchUpload when gone), ListMultipartUploads (`GET /bucket?uploads`), NoSuchUpload
 * for UploadPart / CompleteMultipartUpload of an upload that does not exist (s3rver would recreate it or fail
 * with 500), and CompleteMultipartUpload checks (InvalidPart for a wrong ETag, EntityTooSmall for a part
 * < 5 MiB but the last). s3rver keeps an upload in `<dir>/<bucket>/._S3rver_uploads/<UploadId>/`.
 */

interface KoaCtx {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  req: IncomingMessage;
  status: number;
  body: unknown;
  type: string;
}
type Middleware = (ctx: KoaCtx, next: () => Promise<void>) => Promise<void>;

const MIN_PART = 5 * 1024 * 1024;

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fail(ctx: KoaCtx, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><RequestId>shim</RequestId></Error>`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

const STREAM_METHODS = new Set(['on', 'once', 'off', 'addListener', 'removeListener', 'pipe', 'unpipe', 'pause', 'resume', 'read']);

/** Hands a body that was read here to s3rver again (it reads ctx.req itself). */
function replayBody(ctx: KoaCtx, body: Buffer): void {
  const replay = Readable.from([body]);
  ctx.req = new Proxy(ctx.req, {
    get(target, prop) {
      if (typeof prop === 'string' && STREAM_METHODS.has(prop)) {
        const fn = (replay as unknown as Record<string, (...a: unknown[]) => unknown>)[prop]!;
        return (...args: unknown[]) => fn.apply(replay, args);
      }
      return Reflect.get(target, prop, target) as unknown;
    },
  });
}

function multipartShim(directory: string): Middleware {
  return async (ctx, next) => {
    const m = /^\/([^/]+)(?:\/(.*))?$/.exec(ctx.path);
    if (!m?.[1]) return next();
    const bucket = m[1];
    const key = m[2] ? decodeURIComponent(m[2]) : undefined;
    const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');

    if (!key && ctx.method === 'GET' && 'uploads' in ctx.query) {
      const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
      const ids = existsSync(uploadsDir) ? await fs.readdir(uploadsDir) : [];
      const uploads: string[] = [];
      for (const id of ids.sort()) {
        const k = await fs.readFile(path.join(uploadsDir, id, 'key'), 'utf8').catch(() => null);
        if (k === null || !k.startsWith(prefix)) continue;
        uploads.push(`<Upload><Key>${xmlEscape(k)}</Key><UploadId>${id}</UploadId><Initiated>${new Date().toISOString()}</Initiated></Upload>`);
      }
      ctx.status = 200;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><Prefix>${xmlEscape(prefix)}</Prefix><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }

    const uploadId = ctx.query.uploadId;
    if (!key || typeof uploadId !== 'string') return next();
    const dir = path.join(uploadsDir, uploadId);
    if (!existsSync(path.join(dir, 'key'))) {
      if (ctx.method === 'PUT') await readBody(ctx.req);
      fail(ctx, 404, 'NoSuchUpload', 'The specified upload does not exist.');
      return;
    }
    if (ctx.method === 'DELETE') {
      await fs.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    if (ctx.method === 'PUT') {
      // S3 keeps a part only once all of it arrived (s3rver would keep what came before a broken connection).
      let body: Buffer;
      try {
        body = await readBody(ctx.req);
      } catch {
        ctx.status = 400;
        return;
      }
      if (body.length !== Number(ctx.req.headers['content-length'])) return fail(ctx, 400, 'IncompleteBody', 'Incomplete body');
      replayBody(ctx, body);
    }
    if (ctx.method === 'POST') {
      const xml = (await readBody(ctx.req)).toString('utf8');
      const parts = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((p) => ({
        n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(p[1] ?? '')?.[1]),
        etag: (/<ETag>([^<]*)<\/ETag>/.exec(p[1] ?? '')?.[1] ?? '').replace(/&quot;|"/g, ''),
      }));
      for (const [i, p] of parts.entries()) {
        const md5 = await fs.readFile(path.join(dir, `${p.n}.md5`), 'utf8').catch(() => null);
        if (md5 === null || md5 !== p.etag) return fail(ctx, 400, 'InvalidPart', `Part ${p.n} is missing or its ETag is not ${p.etag}`);
        if (i > 0 && parts[i - 1]!.n >= p.n) return fail(ctx, 400, 'InvalidPartOrder', 'Parts are not in ascending order');
        const st = await fs.stat(path.join(dir, String(p.n)));
        if (i < parts.length - 1 && st.size < MIN_PART) return fail(ctx, 400, 'EntityTooSmall', `Part ${p.n} is ${st.size} bytes`);
      }
      replayBody(ctx, Buffer.from(xml, 'utf8'));
    }
    return next();
  };
}

export interface S3rverWithMultipart {
  endpoint: string;
  /** The UploadIds of the multipart uploads that are neither completed nor aborted. */
  pendingUploads(bucket: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts s3rver (in `directory`) with the multipart shim in front of it. */
export async function startS3rverWithMultipart(directory: string): Promise<S3rverWithMultipart> {
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  (server as unknown as { middleware: Middleware[] }).middleware.unshift(multipartShim(directory));
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async pendingUploads(bucket) {
      const dir = path.join(directory, bucket, '._S3rver_uploads');
      return existsSync(dir) ? (await fs.readdir(dir)).sort() : [];
    },
    close: () => server.close(),
  };
}
