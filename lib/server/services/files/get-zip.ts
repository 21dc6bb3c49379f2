import 'server-only';
import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { safeEntryName, uniqueName } from '@/lib/domain/files/names';
import { isTextType } from '@/lib/domain/files/mime';
import type { AppContext } from '../../context';
import { fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { log } from '../../log';
import { toWebStream } from '@/lib/server/storage/common';
import { subtreeIds } from './access';
import { contentDisposition } from './content-disposition';
import { objectNodeBody } from './object-body';
import { SAFE_HEADERS } from './get-file';
import type { ObjectRow } from './model';
import { readableObject } from './viewer';
import { preferNativeCrc32 } from './zip-crc32';

// The zip's checksum in native code (zip-crc32.ts).
preferNativeCrc32();

const MAX_ENTRIES = 10_000;
const MAX_BYTES = 20 * 1024 * 1024 * 1024;
/** Text below this size is deflated; everything else (mostly compressed already) is stored. */
const DEFLATE_BELOW = 64 * 1024 * 1024;

/** Query parameters of the zip call with a name of their own (never the bare list of ids). */
const NAMED = new Set(['', 'ids', 'link', 'grant']);

/**
 * `?ids=a,b,c` or the bare `?a,b,c` — also as a router re-encodes it (`?a%2Cb%2Cc=`): the first parameter
 * without a value, other parameters (`link`, `grant`) aside.
 */
export function idsOf(url: URL): string[] {
  let text = url.searchParams.get('ids');
  if (text === null) text = [...url.searchParams].find(([key, value]) => value === '' && !NAMED.has(key))?.[0] ?? '';
  return [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))];
}

interface Entry {
  path: string;
  row: ObjectRow;
}

/** Archive paths of the selection: folders with their tree, names sanitised, duplicates in one folder made unique. */
async function entriesOf(ctx: AppContext, tops: ObjectRow[]): Promise<Entry[]> {
  const entries: Entry[] = [];
  const topNames = new Set<string>();
  for (const top of tops) {
    const name = uniqueName(safeEntryName(top.name), topNames);
    if (top.kind === 'file') {
      entries.push({ path: name, row: top });
      continue;
    }
    const ids = await subtreeIds(ctx.db, top.id);
    if (ids.length > MAX_ENTRIES) throw tooBig();
    const rows: ObjectRow[] = [];
    for (let i = 0; i < ids.length; i += 1000) {
      rows.push(...(await ctx.db.select().from(fileObjects).where(inArray(fileObjects.id, ids.slice(i, i + 1000)))));
    }
    const children = new Map<string, ObjectRow[]>();
    for (const r of rows) {
      if (r.id === top.id) continue;
      const list = children.get(r.parentId ?? '') ?? [];
      list.push(r);
      children.set(r.parentId ?? '', list);
    }
    const walk = (folder: ObjectRow, path: string) => {
      entries.push({ path: `${path}/`, row: folder });
      const taken = new Set<string>();
      const list = (children.get(folder.id) ?? []).sort((a, b) => a.searchName.localeCompare(b.searchName));
      for (const child of list) {
        const childPath = `${path}/${uniqueName(safeEntryName(child.name), taken)}`;
        if (child.kind === 'folder') walk(child, childPath);
        else entries.push({ path: childPath, row: child });
      }
    };
    walk(top, name);
  }
  if (entries.length > MAX_ENTRIES) throw tooBig();
  return entries;
}

const tooBig = () => new ServiceError('PAYLOAD_TOO_LARGE', 'Слишком много для одного архива: не более 10 000 файлов и 20 ГБ.');

/**
 * A zip answer: its headers and, for GET, the archive as yazl's Node stream (null for HEAD). Destroying the
 * body (the client is gone) also destroys the file being read: storage is read no further, memory is freed.
 */
export interface ZipAnswer {
  headers: Record<string, string>;
  body: Readable | null;
}

/**
 * GET /files?ids=…: a zip of the chosen files and folders, streamed entry by entry (a blob is opened only
 * when its entry is written, as a Node stream piped straight into yazl). Every id is checked before the first
 * byte; names are UTF-8. HEAD answers the headers and opens no blob.
 */
export async function openZip(ctx: AppContext, req: Request): Promise<ZipAnswer> {
  const url = new URL(req.url);
  const ids = idsOf(url);
  if (ids.length === 0) throw new ServiceError('VALIDATION_ERROR', 'Не выбрано ни одного файла.', { fields: { ids: 'Укажите ids.' } });
  if (ids.length > 1000) throw tooBig();
  const tops: ObjectRow[] = [];
  for (const id of ids) tops.push(await readableObject(ctx, req, id));
  const entries = await entriesOf(ctx, tops);
  const total = entries.reduce((s, e) => s + (e.row.kind === 'file' ? Number(e.row.size) : 0), 0);
  if (total > MAX_BYTES) throw tooBig();

  const name = tops.length === 1 && tops[0] ? `${tops[0].name}.zip` : `Файлы ${new Date().toISOString().slice(0, 10)}.zip`;
  const headers: Record<string, string> = {
    ...SAFE_HEADERS,
    'Content-Type': 'application/zip',
    'Content-Disposition': contentDisposition('attachment', name),
    'Cache-Control': 'no-store',
  };
  if (req.method === 'HEAD') return { headers, body: null };

  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  let reading: Readable | undefined;
  out.once('close', () => reading?.destroy());
  const fail = (e: unknown) => {
    log.error('zip stream failed', e);
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  };
  zip.on('error', fail);
  for (const { path, row } of entries) {
    const mtime = row.updatedAt;
    if (row.kind === 'folder') {
      zip.addEmptyDirectory(path, { mtime });
      continue;
    }
    const size = Number(row.size);
    const compress = isTextType(row.mime) && size < DEFLATE_BELOW;
    zip.addReadStreamLazy(path, { mtime, size, compress }, (cb) => {
      if (out.destroyed) return;
      objectNodeBody(ctx, row).then(
        (body) => {
          if (out.destroyed) return void body.destroy();
          reading = body;
          // yazl pipes the body and never hears of its errors: a failed read fails the archive.
          body.on('error', fail);
          cb(null, body);
        },
        (e: unknown) => cb(e, Readable.from([])),
      );
    });
  }
  zip.end();
  return { headers, body: out };
}

/** The zip as the route runtime answers it (a web stream); server.mjs serves it before Next (zip-fast-path.ts). */
async function serveZip(ctx: AppContext, req: Request): Promise<Response> {
  const zip = await openZip(ctx, req);
  return new Response(zip.body && toWebStream(zip.body), { status: 200, headers: zip.headers });
}

export const getZipCall = defineCall({ method: 'GET', handle: ({ req, ctx }) => serveZip(ctx, req) });
