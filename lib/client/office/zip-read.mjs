// Reading zips in memory (XLSX and DOCX are zips), in the browser and on the server, with fflate. Plain
// JavaScript so that a worker thread can load it as it is. Every archive is bounded before anything is
// inflated: the number of entries and the sizes the central directory declares; fflate inflates an entry
// into a buffer of its declared size and never past it, so a zip bomb costs no more than the limits allow.
import { unzipSync } from 'fflate';

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
  let files;
  try {
    files = unzipSync(data, {
      filter(f) {
        count += 1;
        if (count > maxEntries) throw new ZipError('too-many', `more than ${maxEntries} entries`);
        if (f.name.endsWith('/') || !want(f.name)) return false;
        if (f.compression !== 0 && f.compression !== 8) throw new ZipError('bad', `zip method ${f.compression}`);
        if (f.originalSize > maxEntry || f.size > data.length) throw new ZipError('too-large', `entry ${f.name} too large`);
        if (f.compression === 0 && f.size !== f.originalSize) throw new ZipError('bad', 'bad stored entry');
        total += f.originalSize;
        if (total > maxTotal) throw new ZipError('too-large', 'zip too large');
        names.push(f.name);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof ZipError) throw e;
    throw new ZipError('bad', `damaged zip: ${e instanceof Error ? e.message : String(e)}`);
  }
  const out = new Map();
  for (const name of names) {
    const file = Object.prototype.hasOwnProperty.call(files, name) ? files[name] : undefined;
    if (file) out.set(name, file);
  }
  return out;
}
