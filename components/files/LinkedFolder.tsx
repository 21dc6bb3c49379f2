'use client';

import Link from 'next/link';
import { formatSize } from '@/lib/domain/files/format-size';
import { formatDateTime } from '@/lib/domain/format/date';
import { useLoad } from '@/lib/client/use-load';
import type { FileObject, PathItem } from '@/lib/schemas/files';
import { FILES_BASE, fileUrl, files } from './api';
import s from './files.module.css';

const PAGE = 200;

/** The viewer's address of an object opened through a public link. */
export const linkedHref = (id: string, token: string): string => `/file/${encodeURIComponent(id)}?link=${encodeURIComponent(token)}`;

/**
 * A folder opened by a public link, without sign-in: where it is inside the linked folder, its contents
 * (folders first), each file to open or download, and the whole folder as a zip.
 */
export function LinkedFolder({ folder, path, token, grant }: { folder: FileObject; path: PathItem[]; token: string; grant?: string }) {
  const load = useLoad((signal) => files.linkObjects(token, folder.id, PAGE, grant, signal), [folder.id, token, grant]);
  const { error } = load;
  const items = load.data?.objects ?? null;
  const total = load.data?.total ?? 0;

  const q = new URLSearchParams({ ids: folder.id, link: token });
  if (grant) q.set('grant', grant);
  const zip = `${FILES_BASE}/files?${q.toString()}`;

  return (
    <section aria-label={`Содержимое папки ${folder.name}`}>
      {path.length > 0 && (
        <nav aria-label="Путь к папке">
          <ol className={s.crumbs}>
            {path.map((p) => (
              <li key={p.id}>
                <Link href={linkedHref(p.id, token)}>{p.name}</Link> /
              </li>
            ))}
            <li aria-current="page">{folder.name}</li>
          </ol>
        </nav>
      )}
      <p>
        <a className="p-button p-button-outlined" href={zip} download={`${folder.name}.zip`}>
          <i className="pi pi-download" aria-hidden="true" />
          &nbsp;Скачать папку архивом
        </a>
      </p>
      {error && (
        <p role="alert" className="p-error">
          {error}
        </p>
      )}
      {!error && !items && <p>Загрузка…</p>}
      {items && items.length === 0 && <p className={s.muted}>Папка пуста.</p>}
      {items && items.length > 0 && (
        <table aria-label="Файлы и папки" className="p-datatable-table" style={{ width: '100%', borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <th style={{ textAlign: 'left' }}>Название</th>
              <th style={{ textAlign: 'right' }}>Размер</th>
              <th style={{ textAlign: 'left' }}>Изменён</th>
              <th>
                <span className="p-hidden-accessible">Скачать</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => (
              <tr key={o.id}>
                <td>
                  <span className={s.nameCell}>
                    <i className={`pi ${o.kind === 'folder' ? 'pi-folder' : 'pi-file'}`} aria-hidden="true" />
                    <Link href={linkedHref(o.id, token)}>{o.name}</Link>
                  </span>
                </td>
                <td style={{ textAlign: 'right' }}>{o.kind === 'file' ? formatSize(o.size) : ''}</td>
                <td>{formatDateTime(new Date(o.updated_at))}</td>
                <td>
                  {o.kind === 'file' && (
                    <a href={fileUrl(o.id, { link: token, grant, download: true })} download={o.name} aria-label={`Скачать ${o.name}`}>
                      <i className="pi pi-download" aria-hidden="true" />
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {items && total > items.length && (
        <p className={s.muted}>
          Показаны первые {items.length} из {total}. Скачайте папку архивом, чтобы получить всё.
        </p>
      )}
    </section>
  );
}
