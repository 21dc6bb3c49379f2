import 'server-only';
import { inflateRawSync } from 'node:zlib';
import { ZipFile } from 'yazl';

/**
 * ZIP without a new dependency: reading by the central directory (stored or deflated entries,
 * `node:zlib`), writing with yazl. Used for XLSX imports (companies) and DOCX templates.
 */

/** Unpacks the entries of a zip (store or deflate), in archive order; refuses archives that unpack to more than `maxTotal`. */
export function unzip(buf: Buffer, maxTotal = 50 * 1024 * 1024): Map<string, Buffer> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 65_557); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map<string, Buffer>();
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(p) !== 0x02014b50) throw new Error('bad central directory');
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const localAt = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    p += 46 + nameLen + extraLen + commentLen;
    if (buf.readUInt32LE(localAt) !== 0x04034b50) throw new Error('bad local header');
    const dataAt = localAt + 30 + buf.readUInt16LE(localAt + 26) + buf.readUInt16LE(localAt + 28);
    const packed = buf.subarray(dataAt, dataAt + size);
    const left = maxTotal - total;
    const data = method === 0 ? Buffer.from(packed) : method === 8 ? inflateRawSync(packed, { maxOutputLength: Math.max(1, left) }) : null;
    if (!data) throw new Error(`zip method ${method}`);
    total += data.length;
    if (total > maxTotal) throw new Error('zip too large');
    out.set(name, data);
  }
  return out;
}

/** A deflated zip of `entries` (in the order given; `[Content_Types].xml` of an OOXML package first). */
export async function zipEntries(entries: Iterable<[string, Buffer]>): Promise<Buffer> {
  const zip = new ZipFile();
  const mtime = new Date();
  for (const [name, data] of entries) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name, { mtime });
    else zip.addBuffer(data, name, { mtime, compress: true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}
