import { zipSync, type Zippable } from 'fflate';
import { unzipLimited } from '@/lib/client/office/zip-read.mjs';

/**
 * Zips in memory on the server, with fflate (as the browser does): reading the packages users send (XLSX,
 * DOCX templates) within limits, and writing the DOCX the templates produce. The folder download streams
 * its zip with yazl instead (ZIP64, see `services/files/get-zip.ts`). No `server-only` marker: the parse
 * worker's thread (office/parse-worker.mjs) runs it outside a React server build.
 */

/**
 * Unpacks the entries of a zip (stored or deflated), in archive order; refuses (throws) a file that is not a
 * zip or is damaged, one of more than 5000 entries, or one that unpacks to more than `maxTotal` bytes.
 */
export function unzip(buf: Uint8Array, maxTotal = 50 * 1024 * 1024): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const [name, data] of unzipLimited(buf, { maxTotal, maxEntry: maxTotal })) out.set(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  return out;
}

/** A deflated zip of `entries` (in the order given; `[Content_Types].xml` of an OOXML package first). */
export async function zipEntries(entries: Iterable<[string, Buffer]>): Promise<Buffer> {
  const files: Zippable = {};
  for (const [name, data] of entries) files[name] = name.endsWith('/') ? new Uint8Array(0) : [new Uint8Array(data), { level: 6 }];
  const out = zipSync(files, { mtime: new Date() });
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}
