import Cookies from 'js-cookie';
import { ApiError, isApiError } from '@/lib/client/api-error';
import { call } from '@/lib/client/call';
import { refreshAccessToken } from '@/lib/client/refresh';
import type { FileObject, FileType } from '@/lib/schemas/files';
import { listPage } from './list-query';

export const FILES_BASE = '/file-manager-service/api/v1';

export type { ListQuery } from './list-query';

/** The file-manager calls the documents page uses. */
export const files = {
  list: listPage,
  info: (id: string, signal?: AbortSignal) => call('files', 'getFileInfo', { id }, { signal }),
  createFolder: (name: string, root: string | null, type: FileType) => call('files', 'createFolder', root ? { name, root, type } : { name, type }),
  rename: (o: FileObject, name: string) => call('files', 'updateAttributes', { id: o.id, name, version: o.version }),
  move: (o: FileObject, root: string | null, name?: string) =>
    call('files', 'updateAttributes', { id: o.id, root, version: o.version, ...(name ? { name } : {}) }),
  copy: (o: FileObject, root: string | null, name: string) => call('files', 'copyFile', { id: o.id, name, root }),
  /** To the recycle bin. */
  remove: (ids: string[]) => call('files', 'deleteFiles', { ids }),
  trash: (type: FileType, signal?: AbortSignal) => call('files', 'listTrash', { type }, { signal }),
  restore: (ids: string[], keepBoth = false) => call('files', 'restoreFiles', { ids, ...(keepBoth ? { keep_both: true } : {}) }),
  deleteForever: (ids: string[]) => call('files', 'deleteForever', { ids }),
  emptyTrash: (type: FileType) => call('files', 'emptyTrash', { type }),
  share: (id: string, login: string, access: 'read' | 'edit') => call('files', 'shareFile', { id, login, access }),
  unshare: (id: string, login: string) => call('files', 'unshareFile', { id, login }),
  shares: (id: string) => call('files', 'listShares', { id }),
  createLink: (id: string, opts: { expiresAt?: string; password?: string }) => call('files', 'createFileLink', { id, ...opts }),
  links: (id: string) => call('files', 'listFileLinks', { id }),
  revokeLink: (linkId: string) => call('files', 'revokeFileLink', { link_id: linkId }),
  /** An object opened by a public link: the object, a grant after a password, where it is inside the linked folder. */
  openLink: (token: string, id: string, grant?: string, password?: string, signal?: AbortSignal) =>
    call('files', 'openFileLink', { token, id, ...(grant ? { grant } : {}), ...(password ? { password } : {}) }, { signal }),
  /** A folder's objects seen through a public link (no sign-in); `grant` after its password. */
  linkObjects: (token: string, root: string, limit: number, grant?: string, signal?: AbortSignal) =>
    call('files', 'listLinkObjects', { token, ...(grant ? { grant } : {}), root, sort: 'name', limit }, { signal }),
};

/** A 409 NAME_TAKEN: the object that has the name (for «Заменить») and a free numbered name (for «Оставить оба»). */
export interface NameConflict {
  message: string;
  existing: { id: string; name: string; kind: 'file' | 'folder' } | null;
  suggested: string;
}

export function nameConflictOf(e: unknown): NameConflict | null {
  if (!isApiError(e) || e.code !== 'NAME_TAKEN') return null;
  const existing = e.body.existing as NameConflict['existing'] | undefined;
  return { message: e.message, existing: existing ?? null, suggested: typeof e.body.suggested === 'string' ? e.body.suggested : '' };
}

/** Address of a file's bytes (cookie auth): `download` forces a save, `inline` is for the viewer's frame. */
export const fileUrl = (id: string, opts: { download?: boolean; inline?: boolean; link?: string; grant?: string } = {}): string => {
  const q = new URLSearchParams();
  if (opts.download) q.set('download', '1');
  if (opts.inline) q.set('inline', '1');
  if (opts.link) q.set('link', opts.link);
  if (opts.grant) q.set('grant', opts.grant);
  const qs = q.toString();
  return `${FILES_BASE}/file/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`;
};

/** Saves a blob under `name` through an object URL, revoked 100 ms later. */
function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 100);
}

/** The name in `Content-Disposition` (`filename*` first). */
function filenameOf(header: string | null, fallback: string): string {
  const star = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      /* fall through */
    }
  }
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/** Downloads `GET /files?ids=…` as a zip and saves it as a named file. */
async function downloadZip(ids: string[], fallbackName: string): Promise<void> {
  const get = () =>
    fetch(`${FILES_BASE}/files?ids=${ids.map(encodeURIComponent).join(',')}`, {
      headers: { Authorization: `Bearer ${Cookies.get('accessToken') ?? ''}` },
      credentials: 'same-origin',
    });
  let res = await get();
  if (res.status === 401 && (await refreshAccessToken())) res = await get();
  if (!res.ok) {
    let msg = 'Не удалось скачать архив.';
    let code = 'BAD_RESPONSE';
    try {
      const body = (await res.json()) as { msg?: string; code?: string };
      msg = body.msg ?? msg;
      code = body.code ?? code;
    } catch {
      /* not JSON */
    }
    throw new ApiError(code, msg, { status: res.status });
  }
  saveBlob(await res.blob(), filenameOf(res.headers.get('content-disposition'), fallbackName));
}

/** Downloads what is chosen: one file by its link, anything else as one zip named `${title}.zip`. */
export async function downloadObjects(chosen: { id: string; name: string; kind: 'file' | 'folder' }[], title: string): Promise<void> {
  if (chosen.length === 1 && chosen[0]!.kind === 'file') {
    const a = document.createElement('a');
    a.href = fileUrl(chosen[0]!.id, { download: true });
    a.download = chosen[0]!.name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    return;
  }
  await downloadZip(
    chosen.map((o) => o.id),
    `${title}.zip`,
  );
}
