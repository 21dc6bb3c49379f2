/** Names of files and folders: what the file manager accepts, and how it searches and sorts them. */

const MAX_NAME_LENGTH = 255;

/** Why a name is refused (Russian, for the user), or null when it is fine. Call on the trimmed name. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'Введите название.';
  if (name.length > MAX_NAME_LENGTH) return `Название не длиннее ${MAX_NAME_LENGTH} символов.`;
  if (name === '.' || name === '..') return 'Такое название недопустимо.';
  if (/[/\\]/.test(name)) return 'Название не может содержать символы / и \\.';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'Название содержит недопустимые символы.';
  return null;
}

/** The key names are searched and sorted by: lower case, ё → е (so «Ёлка» is found by «елк»). */
export function searchKey(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/ё/g, 'е');
}

/** A name safe for an archive entry or a header: no path separators, control characters or `..`. */
export function safeEntryName(name: string): string {
  const cleaned = name.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[/\\]/g, '_').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return 'без названия';
  return cleaned;
}

/** `name` made unique among `taken` (case-insensitive): «отчёт.pdf» → «отчёт (2).pdf». Adds the result to `taken`. */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The `n`-th name for a second object of the same name: «отчёт.pdf» → «отчёт (2).pdf» (before a file's
 * extension), «Папка» → «Папка (2)» (a folder's name is numbered at the end).
 */
export function numberedName(name: string, n: number, kind: 'file' | 'folder'): string {
  const dot = kind === 'file' ? name.lastIndexOf('.') : -1;
  return dot > 0 && dot < name.length - 1 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}
