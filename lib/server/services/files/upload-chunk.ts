import 'server-only';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { isCrossSite } from '@/lib/domain/same-origin';
import { requestHost } from '../../client-ip';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser, tokenClaims } from '../auth/require-user';
import { receiveInPlace } from './chunk-in-place';
import { fieldError, openChunk, type ChunkCaller, type ChunkReceipt } from './chunk-rows';
import { storeStream } from './chunk-stream';
import { streamMultipart, streamSink, type FormFields, type PartSink } from './multipart';
import { uploadFileKey, uploadNotFound, uploadPrefix } from './uploads';

/** A sink for a chunk refused before its bytes are looked at: they are dropped. */
const dropSink: PartSink = { write: () => true, end: () => undefined, abort: () => undefined };

/**
 * Receives one chunk whose `data` part is starting: checks the fields, then the bytes go to the store — on
 * the disk store through the chunk worker into the upload's file (receiveInPlace), on S3 as a stream
 * (storeStream) — while the session and the upload are checked (`caller` may still be checking the session,
 * and the upload is looked up as the bytes flow). A chunk sent again replaces the old one (its blob is
 * deleted). Answers `received` (sorted ids), `chunk_id`, `size` and `crc32` (the chunk's CRC-32, for the
 * client to compare with what it sent).
 */
function receiveChunkPart(ctx: AppContext, caller: Promise<ChunkCaller>, fields: FormFields, resume: () => void): ChunkReceipt {
  const uploadId = fields.upload_id?.trim();
  const chunkText = fields.chunk_id?.trim() ?? '';
  let refusal: ServiceError | null = null;
  if (!uploadId) refusal = fieldError('upload_id', 'Не указан upload_id (поле должно идти до data).');
  else if (!/^\d{1,6}$/.test(chunkText)) refusal = fieldError('chunk_id', 'Не указан номер части chunk_id (целое число от 0).');
  else if (uploadId.length > 64) refusal = uploadNotFound();
  if (refusal || !uploadId) return { sink: dropSink, done: Promise.reject(refusal) };
  const chunkId = Number(chunkText);

  const inPlace = ctx.blobs.inPlace;
  const key = inPlace ? uploadFileKey(uploadId) : `${uploadPrefix(uploadId)}/${chunkId}-${randomBytes(6).toString('hex')}`;
  const opened = caller.then((c) => openChunk(ctx, c, uploadId, chunkId, key));
  opened.catch(() => undefined);
  const at = { uploadId, chunkId, key };
  if (inPlace) return receiveInPlace(ctx, inPlace, opened, at, resume);
  const { sink, stream } = streamSink(resume);
  const done = storeStream(ctx, opened, at, stream);
  return { sink, done };
}

/**
 * One `uploadChunk` request: the cross-site check (`uploadChunk` is left out of proxy.ts, whose body cloning
 * would buffer every chunk twice), the session, then the multipart body streamed into receiveChunkPart. `body` is
 * the request's bytes as a Node stream: Next's request body, or — on the production server's fast path
 * (lib/server/gateway/upload-fast-path.ts) — the socket's IncomingMessage itself.
 */
export async function receiveChunk(ctx: AppContext, req: Request, body: Readable | null, opts: { drainOnFail?: boolean } = {}) {
  const crossSite = isCrossSite({
    method: req.method,
    origin: req.headers.get('origin'),
    secFetchSite: req.headers.get('sec-fetch-site'),
    host: requestHost(req, ctx.env.TRUST_PROXY),
  });
  if (crossSite) throw new ServiceError('FORBIDDEN', 'Запрос с другого сайта отклонён.');
  // The token is verified before any byte is stored; its session is checked in the chunk's lookup while the
  // body starts to flow (receiveChunkPart), and the blob is kept only if it holds. With an upstream auth service,
  // requireUser asks the upstream (also while the body flows).
  const claims = await tokenClaims(ctx, req);
  const caller: Promise<ChunkCaller> = claims
    ? Promise.resolve({ id: claims.sub, sid: claims.sid })
    : requireUser(ctx, req).then((u) => ({ id: u.id, sid: null }));
  caller.catch(() => undefined);
  const query = new URL(req.url).searchParams;
  return streamMultipart(
    req.headers.get('content-type'),
    body,
    (fields, resume) =>
      receiveChunkPart(
        ctx,
        caller,
        { upload_id: fields.upload_id ?? query.get('upload_id') ?? '', chunk_id: fields.chunk_id ?? query.get('chunk_id') ?? '' },
        resume,
      ),
    opts,
  );
}

export const uploadChunkCall = defineCall({
  body: 'raw',
  handle: ({ req, ctx }) =>
    receiveChunk(ctx, req, req.body ? Readable.fromWeb(req.body as unknown as import('node:stream/web').ReadableStream<Uint8Array>) : null),
});
