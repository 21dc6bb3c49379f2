import sample from '../data/files.json';

export type Kind = 'document' | 'spreadsheet' | 'image' | 'video' | 'archive' | 'other';
export interface DemoFile {
  id: string;
  folderId: string;
  name: string;
  size: number;
  kind: Kind;
  /** `2026-11-25`. */
  date: string;
  /** The content of a file uploaded in this browser (a data URL); sample files have none. */
  url: string | null;
}
export interface Folder {
  id: string;
  name: string;
  color: string;
}
export interface FilesData {
  quotaBytes: number;
  folders: Folder[];
  files: DemoFile[];
}

export const FILES_SAMPLE = sample as FilesData;
/** An uploaded file is kept in localStorage (about 5 MB for the whole site): 512 KB at most. */
export const UPLOAD_MAX_BYTES = 512 * 1024;

export const KINDS: { kind: Kind; label: string; color: string; icon: string }[] = [
  { kind: 'document', label: 'Документы', color: '#6366f1', icon: 'pi pi-file' },
  { kind: 'spreadsheet', label: 'Таблицы', color: '#10b981', icon: 'pi pi-file-excel' },
  { kind: 'image', label: 'Изображения', color: '#f59e0b', icon: 'pi pi-image' },
  { kind: 'video', label: 'Видео', color: '#ef4444', icon: 'pi pi-video' },
  { kind: 'archive', label: 'Архивы', color: '#8b5cf6', icon: 'pi pi-box' },
  { kind: 'other', label: 'Другое', color: '#64748b', icon: 'pi pi-file-o' },
];
export const kindInfo = (k: Kind) => KINDS.find((x) => x.kind === k) ?? KINDS[KINDS.length - 1]!;

/** A file's kind from its MIME type and name. */
export function kindOf(type: string, name: string): Kind {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type.startsWith('video/')) return 'video';
  if (['xlsx', 'xls', 'csv', 'ods'].includes(ext)) return 'spreadsheet';
  if (['zip', 'rar', '7z', 'gz', 'tar'].includes(ext)) return 'archive';
  if (['pdf', 'doc', 'docx', 'odt', 'txt', 'rtf'].includes(ext) || type.startsWith('text/')) return 'document';
  return 'other';
}

/** Bytes per kind, in the order of KINDS, kinds with no files left out. */
export function usageByKind(files: readonly DemoFile[]): { kind: Kind; bytes: number }[] {
  return KINDS.map((k) => ({ kind: k.kind, bytes: files.filter((f) => f.kind === k.kind).reduce((n, f) => n + f.size, 0) })).filter((x) => x.bytes > 0);
}
