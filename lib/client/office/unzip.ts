/**
 * Reads entries of a zip (DOCX and XLSX are zips) in the browser: the central directory, stored and
 * deflated entries (DecompressionStream 'deflate-raw'). Enough for previews; not a general unzip.
 */
export interface ZipEntries {
  names: string[];
  text(name: string): Promise<string | null>;
}

const MAX_ENTRY = 64 * 1024 * 1024;

export function openZip(buf: ArrayBuffer): ZipEntries {
  const view = new DataView(buf);
  let eocd = -1;
  for (let i = buf.byteLength - 22; i >= Math.max(0, buf.byteLength - 70_000); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip');
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const entries = new Map<string, { method: number; compSize: number; size: number; local: number }>();
  const dec = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (view.getUint32(offset, true) !== 0x02014b50) throw new Error('bad zip directory');
    const method = view.getUint16(offset + 10, true);
    const compSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLen = view.getUint16(offset + 28, true);
    const extraLen = view.getUint16(offset + 30, true);
    const commentLen = view.getUint16(offset + 32, true);
    const local = view.getUint32(offset + 42, true);
    const name = dec.decode(new Uint8Array(buf, offset + 46, nameLen));
    entries.set(name, { method, compSize, size, local });
    offset += 46 + nameLen + extraLen + commentLen;
  }
  return {
    names: [...entries.keys()],
    async text(name) {
      const e = entries.get(name);
      if (!e) return null;
      if (e.size > MAX_ENTRY) throw new Error('entry too large');
      const start = e.local + 30 + view.getUint16(e.local + 26, true) + view.getUint16(e.local + 28, true);
      const raw = new Uint8Array(buf, start, e.compSize);
      if (e.method === 0) return dec.decode(raw);
      if (e.method !== 8) throw new Error(`unsupported zip method ${e.method}`);
      const stream = new Blob([raw]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
      return new Response(stream).text();
    },
  };
}
