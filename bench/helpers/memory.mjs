// Where a process's resident memory is, from /proc/PID/smaps: what the bench prints beside RSS so that growth
// can be told apart (code and libraries, the WebAssembly memory of the embedded database, the rest).
import fs from 'node:fs';

const MiB = 1024 * 1024;

/**
 * Resident MiB of `pid` by kind of mapping: `file` (code, libraries, mapped files), `wasm` (anonymous
 * reservations of 1 GiB or more: WebAssembly memories), `anon` (the rest: V8 heaps, malloc arenas, stacks).
 */
export function rssByKind(pid) {
  const out = { file: 0, wasm: 0, anon: 0 };
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return out;
  }
  // A memory's reservation is several mappings (the part in use is writable, the rest not): contiguous
  // anonymous mappings count as one region.
  const regions = [];
  let region = null;
  for (const line of text.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (range) {
      const [start, end, named] = [parseInt(range[1], 16), parseInt(range[2], 16), range[3] !== ''];
      if (!named && region && !region.named && region.end === start) region.end = end;
      else regions.push((region = { start, end, named: range[3].startsWith('/'), rss: 0 }));
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && region) region.rss += Number(rss[1]) * 1024;
  }
  for (const r of regions) out[r.named ? 'file' : r.end - r.start >= 1024 * MiB ? 'wasm' : 'anon'] += r.rss;
  return out;
}

/** `file 48 · wasm 30 · anon 200` (MiB). */
export const kinds = (k) => `file ${(k.file / MiB).toFixed(0)} · wasm ${(k.wasm / MiB).toFixed(0)} · anon ${(k.anon / MiB).toFixed(0)}`;
