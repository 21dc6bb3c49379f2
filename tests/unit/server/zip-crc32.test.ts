// @vitest-environment node
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { unzipSync } from 'fflate';
import { preferNativeCrc32 } from '@/lib/server/services/files/zip-crc32';

/** The CRC-32 module yazl itself requires, with the mark the patch leaves on it. */
const yazlCrc = () => {
  const fromRoot = createRequire(path.join(process.cwd(), 'package.json'));
  return createRequire(fromRoot.resolve('yazl'))('buffer-crc32') as { unsigned: (b: Buffer, p?: number) => number; [NATIVE]?: true };
};
const NATIVE = Symbol.for('kalkulus.nativeCrc32');

/**
 * CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) bit by bit: the reference the checksums are held to. The
 * unit project shares Node's require cache between files, so yazl's module may have been patched by a file that
 * ran earlier in this worker (get-zip.ts patches it on import) — its function is no reference.
 */
const referenceCrc32 = (data: Uint8Array, previous = 0): number => {
  let crc = ~previous >>> 0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
};

/** A streamed zip of `files` as yazl writes it for the folder download (stored, sizes given). */
async function zipOf(files: [string, Buffer][]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, data] of files) {
    const parts = Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) => data.subarray(i * 65536, (i + 1) * 65536));
    zip.addReadStreamLazy(name, { size: data.length, compress: false }, (cb) => cb(null, Readable.from(parts)));
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('the zip download checksums in native code', () => {
  it('yazl computes CRC-32 with zlib.crc32, chained over chunks exactly as before', async () => {
    expect(typeof zlib.crc32).toBe('function');
    const data = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31 + 7) % 256));
    const expected = referenceCrc32(data.subarray(100_000), referenceCrc32(data.subarray(0, 100_000)));
    expect(referenceCrc32(Buffer.from('123456789'))).toBe(0xcbf43926); // the standard check value
    expect(expected).toBe(referenceCrc32(data));
    expect(preferNativeCrc32()).toBe(true);
    expect(preferNativeCrc32()).toBe(true); // once is enough; a second call changes nothing
    const mod = yazlCrc();
    expect(mod[NATIVE]).toBe(true);
    const patched = mod.unsigned;
    // Native results, chained over chunks as yazl does, and the same as the reference.
    expect(patched(data.subarray(100_000), patched(data.subarray(0, 100_000)))).toBe(expected);
    expect(patched(data)).toBe(zlib.crc32(data));
    expect(patched(data.subarray(7, 70_007), 12345)).toBe(zlib.crc32(data.subarray(7, 70_007), 12345));
    expect(patched(data.subarray(7, 70_007), 12345)).toBe(referenceCrc32(data.subarray(7, 70_007), 12345));

    const zip = await zipOf([['а.bin', data], ['б.txt', Buffer.from('текст')]]);
    // The central directory's checksum of each entry is the one of its bytes.
    const entries = unzipSync(new Uint8Array(zip));
    expect(Buffer.from(entries['а.bin']!).equals(data)).toBe(true);
    const cdCrc = (name: string) => {
      const at = zip.lastIndexOf(Buffer.from(name)) - 46;
      expect(zip.readUInt32LE(at)).toBe(0x02014b50);
      return zip.readUInt32LE(at + 16);
    };
    expect(cdCrc('а.bin')).toBe(zlib.crc32(data));
    expect(cdCrc('б.txt')).toBe(zlib.crc32(Buffer.from('текст')));
  });
});
