// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, crc32Hex } from '@/lib/domain/files/crc32';

describe('crc32 (the chunk checksum of the browser and the server)', () => {
  it('gives the standard check value and the empty value', () => {
    expect(crc32Hex(crc32(new TextEncoder().encode('123456789')))).toBe('cbf43926');
    expect(crc32Hex(crc32(new Uint8Array(0)))).toBe('00000000');
  });

  it('equals zlib’s crc32 (what the server computes), also continued piece by piece', () => {
    for (const size of [1, 7, 4096, 100_003]) {
      const bytes = randomBytes(size);
      expect(crc32(bytes)).toBe(zlibCrc32(bytes));
      const cut = Math.floor(size / 3);
      expect(crc32(bytes.subarray(cut), crc32(bytes.subarray(0, cut)))).toBe(zlibCrc32(bytes));
    }
  });

  it('tells a changed byte', () => {
    const bytes = randomBytes(10_000);
    const before = crc32(bytes);
    bytes[5000] = (bytes[5000] ?? 0) ^ 1;
    expect(crc32(bytes)).not.toBe(before);
  });
});
