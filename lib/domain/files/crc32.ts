/**
 * CRC-32 (IEEE 802.3, as zlib and gzip compute it) of bytes, continuing from `prev` — the checksum of each
 * uploaded chunk, computed by the browser over what it sends and by the server over what it stored (the
 * server uses zlib's native `crc32`, which gives the same numbers). A transfer check, like the CRC-32 that S3
 * and tus use for parts; the file itself is identified by its SHA-256.
 */
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes: Uint8Array, prev = 0): number {
  let c = ~prev >>> 0;
  for (let i = 0; i < bytes.length; i++) c = TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

/** The checksum as the API writes it: 8 lowercase hex digits. */
export const crc32Hex = (value: number): string => (value >>> 0).toString(16).padStart(8, '0');
