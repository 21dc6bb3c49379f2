import { inflateRawSync } from 'node:zlib';

/** A minimal zip reader for tests: the central directory, stored and deflated entries, UTF-8 names. */
export function readZip(buf: Buffer): Map<string, Buffer> {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 70_000); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip: no end of central directory');
  let count = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (offset === 0xffffffff || count === 0xffff) {
    const loc = buf.readUInt32LE(eocd - 20) === 0x07064b50 ? Number(buf.readBigUInt64LE(eocd - 12)) : -1;
    if (loc < 0) throw new Error('zip64 locator missing');
    count = Number(buf.readBigUInt64LE(loc + 32));
    offset = Number(buf.readBigUInt64LE(loc + 48));
  }
  const out = new Map<string, Buffer>();
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory entry');
    const flags = buf.readUInt16LE(offset + 8);
    const method = buf.readUInt16LE(offset + 10);
    let compSize = buf.readUInt32LE(offset + 20);
    let size = buf.readUInt32LE(offset + 24);
    const nameLen = buf.readUInt16LE(offset + 28);
    const extraLen = buf.readUInt16LE(offset + 30);
    const commentLen = buf.readUInt16LE(offset + 32);
    let local = buf.readUInt32LE(offset + 42);
    const nameBytes = buf.subarray(offset + 46, offset + 46 + nameLen);
    if (!(flags & 0x800) && /[^\x00-\x7f]/.test(nameBytes.toString('latin1'))) throw new Error('non-ASCII name without the UTF-8 flag');
    const name = nameBytes.toString('utf8');
    // zip64 extra field
    let e = offset + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e < extraEnd) {
      const id = buf.readUInt16LE(e);
      const len = buf.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let p = e + 4;
        if (size === 0xffffffff) {
          size = Number(buf.readBigUInt64LE(p));
          p += 8;
        }
        if (compSize === 0xffffffff) {
          compSize = Number(buf.readBigUInt64LE(p));
          p += 8;
        }
        if (local === 0xffffffff) local = Number(buf.readBigUInt64LE(p));
      }
      e += 4 + len;
    }
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataStart, dataStart + compSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : null;
    if (!data) throw new Error(`unsupported method ${method}`);
    if (data.length !== size) throw new Error(`size mismatch for ${name}`);
    out.set(name, data);
    offset += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
