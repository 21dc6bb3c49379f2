import 'server-only';
import { isInlineType, OCTET_STREAM } from '@/lib/domain/files/mime';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { contentDisposition } from './content-disposition';
import { objectBody } from './object-body';
import { readableObject } from './viewer';

/** Headers every file answer carries. */
export const SAFE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
  'Cache-Control': 'private, no-cache',
} as const;

/** `Range: bytes=a-b | a- | -n` → inclusive range; null = serve everything (absent, multi-range, malformed). */
function parseRange(header: string | null, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Serves a file's bytes: ETag / If-None-Match, Range / If-Range, safe Content-Disposition and headers. */
async function serveFile(ctx: AppContext, req: Request, objectId: string): Promise<Response> {
  const row = await readableObject(ctx, req, objectId);
  if (row.kind !== 'file') throw new ServiceError('IS_FOLDER', 'Это папка: скачайте её архивом.');
  const url = new URL(req.url);
  const etag = `"${row.sha256}"`;
  const mime = row.mime || OCTET_STREAM;
  const inline = url.searchParams.get('download') !== '1' && isInlineType(mime, url.searchParams.get('inline') === '1');
  const headers = new Headers({
    ...SAFE_HEADERS,
    ETag: etag,
    'Accept-Ranges': 'bytes',
    'Content-Type': mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', row.name),
    'Last-Modified': row.updatedAt.toUTCString(),
  });
  const inm = req.headers.get('if-none-match');
  if (inm && inm.split(',').some((t) => t.trim() === etag || t.trim() === '*' || t.trim() === `W/${etag}`)) {
    return new Response(null, { status: 304, headers });
  }
  const size = Number(row.size);
  const ifRange = req.headers.get('if-range');
  const range = ifRange && ifRange !== etag ? null : parseRange(req.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    throw new ServiceError('RANGE_NOT_SATISFIABLE', 'Запрошенный диапазон вне файла.', {
      headers: { 'Content-Range': `bytes */${size}`, 'Accept-Ranges': 'bytes', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  const body = await objectBody(ctx, row, range ?? undefined);
  const head = req.method === 'HEAD';
  if (head) await body.cancel().catch(() => undefined);
  if (range) {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    return new Response(head ? null : body, { status: 206, headers });
  }
  headers.set('Content-Length', String(size));
  return new Response(head ? null : body, { status: 200, headers });
}

export const getFileCall = defineCall({
  method: 'GET',
  handle: ({ req, ctx, params }) => serveFile(ctx, req, params.id ?? ''),
});
