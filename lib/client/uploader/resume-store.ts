/**
 * Remembers unfinished uploads in localStorage (24 h, as the server keeps them), keyed by a fingerprint of
 * the file and the target folder, so that the same file dropped again after a reload resumes where it stopped.
 */

const KEY = 'kalkulus.uploads.v1';
const TTL_MS = 24 * 3600_000;

interface Saved {
  uploadId: string;
  savedAt: number;
}

export const fingerprint = (file: File, root: string | null | undefined, type: string): string =>
  [file.name, file.size, file.lastModified, root ?? '', type].join('|');

function load(): Record<string, Saved> {
  try {
    const raw = window.localStorage.getItem(KEY);
    const all = raw ? (JSON.parse(raw) as Record<string, Saved>) : {};
    const now = Date.now();
    for (const [k, v] of Object.entries(all)) if (!v || now - v.savedAt > TTL_MS) delete all[k];
    return all;
  } catch {
    return {};
  }
}

function save(all: Record<string, Saved>): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    /* storage full or disabled: resuming after a reload is then not available */
  }
}

export function rememberUpload(fp: string, uploadId: string): void {
  const all = load();
  all[fp] = { uploadId, savedAt: Date.now() };
  save(all);
}

export function savedUpload(fp: string): string | undefined {
  return load()[fp]?.uploadId;
}

export function forgetUpload(fp: string): void {
  const all = load();
  delete all[fp];
  save(all);
}

/** Unfinished uploads remembered for a folder: file names and sizes (to ask the user to pick them again). */
export function pendingUploads(root: string | null | undefined, type: string): { name: string; size: number }[] {
  return Object.keys(load())
    .map((fp) => fp.split('|'))
    .filter((p) => p.length >= 5 && p[p.length - 2] === (root ?? '') && p[p.length - 1] === type)
    .map((p) => ({ name: p.slice(0, p.length - 4).join('|'), size: Number(p[p.length - 4]) }));
}
