// Reading zips in memory (XLSX and DOCX are zips), in the browser and on the server, with fflate. Plain
// JavaScript so that a worker thread can load it as it is. Every archive is bounded before anything is
// inflated: the number of entries and the sizes the central directory declares. Then the entries wanted are
// inflated as a stream, fed in small slices, and an entry that unpacks past its declared size stops at once:
// a zip bomb costs no more memory or time than the limits allow.
import { Unzip, UnzipInflate, unzipSync } from 'fflate';

export class ZipError extends Error {
  /** @param {'not-zip' | 'too-many' | 'too-large' | 'bad'} reason */
  constructor(reason, message) {
    super(message);
    this.name = 'ZipError';
    this.reason = reason;
  }
}

export const ZIP_LIMITS = { maxEntries: 5000, maxTotal: 50 * 1024 * 1024, maxEntry: 50 * 1024 * 1024 };

/**
 * The entries of a zip (stored or deflated), in archive order, limited to those `want` accepts (all by
 * default). Throws ZipError on a file that is not a zip, is damaged, or is over the limits.
 */
export function unzipLimited(bytes, limits = {}, want = () => true) {
  const { maxEntries, maxTotal, maxEntry } = { ...ZIP_LIMITS, ...limits };
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (data.length < 22 || data[0] !== 0x50 || data[1] !== 0x4b) throw new ZipError('not-zip', 'not a zip');
  const names = [];
  let count = 0;
  let total = 0;
  const declared = new Map();
  try {
    unzipSync(data, {
      filter(f) {
        count += 1;
        if (count > maxEntries) throw new ZipError('too-many', `more than ${maxEntries} entries`);
        if (f.name.endsWith('/') || !want(f.name)) return false;
        if (f.compression !== 0 && f.compression !== 8) throw new ZipError('bad', `zip method ${f.compression}`);
        if (f.originalSize > maxEntry || f.size > data.length) throw new ZipError('too-large', `entry ${f.name} too large`);
        if (f.compression === 0 && f.size !== f.originalSize) throw new ZipError('bad', 'bad stored entry');
        // Deflate never grows data by more than a few bytes per block: a larger stream lies about its size.
        if (f.size > f.originalSize + f.originalSize / 100 + 1024) throw new ZipError('bad', `entry ${f.name} larger than it unpacks to`);
        total += f.originalSize;
        if (total > maxTotal) throw new ZipError('too-large', 'zip too large');
        names.push(f.name);
        declared.set(f.name, f.originalSize);
        return false; // inflated below, bounded
      },
    });
    const files = inflateBounded(data, declared);
    const out = new Map();
    for (const name of names) if (files.has(name)) out.set(name, files.get(name));
    return out;
  } catch (e) {
    if (e instanceof ZipError) throw e;
    throw new ZipError('bad', `damaged zip: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Input slice: the most one step can unpack is about 1000 times this. */
const SLICE = 16 * 1024;

/** The entries named in `declared`, unpacked from the local headers on; none past its declared size. */
function inflateBounded(data, declared) {
  const out = new Map();
  const unzip = new Unzip((file) => {
    const size = declared.get(file.name);
    if (size === undefined || out.has(file.name)) return; // not wanted: skipped, not inflated
    const body = new Uint8Array(size);
    let at = 0;
    file.ondata = (err, chunk, final) => {
      if (err) throw err;
      if (at + chunk.length > size) throw new ZipError('too-large', `entry ${file.name} unpacks past its size`);
      body.set(chunk, at);
      at += chunk.length;
      if (final) out.set(file.name, at === size ? body : body.subarray(0, at));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let i = 0; i < data.length; i += SLICE) unzip.push(data.subarray(i, i + SLICE), i + SLICE >= data.length);
  return out;
}
