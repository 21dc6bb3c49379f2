'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import { TabPanel, TabView } from 'primereact/tabview';
import { useState } from 'react';
import { formatSize } from '@/lib/domain/files/format-size';
import { formatDateTime } from '@/lib/domain/format/date';
import { isApiError } from '@/lib/client/api-error';
import { useLoad } from '@/lib/client/use-load';
import type { FileObject, PathItem } from '@/lib/schemas/files';
import { fileUrl, files } from './api';
import { LinkedFolder, linkedHref } from './LinkedFolder';
import { previewOf, type Preview } from './preview';
import s from './files.module.css';

/** The grant of a link with a password, kept for this tab so that moving inside a linked folder asks once. */
const GRANT_KEY = (token: string) => `kalkulus-link-grant:${token}`;
function savedGrant(token: string): string | undefined {
  try {
    return window.sessionStorage.getItem(GRANT_KEY(token)) ?? undefined;
  } catch {
    return undefined;
  }
}
function saveGrant(token: string, grant: string): void {
  try {
    window.sessionStorage.setItem(GRANT_KEY(token), grant);
  } catch {
    /* private mode: the password is asked again */
  }
}

function Table({ rows, label }: { rows: string[][]; label: string }) {
  return (
    <div style={{ overflow: 'auto', maxHeight: '70vh' }}>
      <table aria-label={label} className="p-datatable-table" style={{ borderCollapse: 'collapse' }}>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} style={{ border: '1px solid var(--surface-border)', padding: '0.25rem 0.5rem', whiteSpace: 'pre-wrap' }}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const NO_PATH: PathItem[] = [];

/** `/file/{id}`: the viewer — PDF in a sandboxed frame, images, text/CSV/JSON, DOCX, XLSX, else a download card. */
export function FileViewer({ fileId }: { fileId: string }) {
  const params = useSearchParams();
  const link = params.get('link') ?? undefined;
  const [password, setPassword] = useState('');
  const [attempt, setAttempt] = useState(0);

  const opened = useLoad(
    async (signal): Promise<{ object: FileObject; grant?: string; path: PathItem[] }> => {
      if (!link) return { object: (await files.info(fileId, signal)).object, path: [] };
      const r = await files.openLink(link, fileId, savedGrant(link), attempt > 0 && password ? password : undefined, signal);
      if (r.grant) saveGrant(link, r.grant);
      return { object: r.object, grant: r.grant ?? undefined, path: r.path };
    },
    [fileId, link, attempt],
    { keep: true },
  );
  const object = opened.data?.object ?? null;
  const grant = opened.data?.grant;
  /** Where the object is inside a linked folder (public link only). */
  const path = opened.data?.path ?? NO_PATH;
  // Once asked, the form stays until the file opens (a wrong password or a refusal shows under it).
  const needPassword = attempt > 0 || (isApiError(opened.failure) && opened.failure.code === 'LINK_PASSWORD');
  // The first ask for a password is no error; a wrong one is.
  const error = needPassword && attempt === 0 ? null : opened.error;

  const src = object ? fileUrl(object.id, { link, grant }) : '';
  const shown = useLoad((signal) => previewOf(object!, fileUrl(object!.id, { link, grant }), signal).catch((): Preview => ({ kind: 'card' })), [object, link, grant], {
    enabled: object?.kind === 'file',
  });
  const preview = shown.data ?? null;

  if (needPassword && !object) {
    return (
      <main className={s.viewer}>
        <h1>Файл защищён паролем</h1>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setAttempt((a) => a + 1);
          }}
          style={{ display: 'flex', gap: '0.5rem', alignItems: 'flex-end', flexWrap: 'wrap' }}
        >
          <div>
            <label htmlFor="link-pw" style={{ display: 'block', marginBottom: '0.35rem' }}>
              Пароль
            </label>
            <Password inputId="link-pw" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask autoFocus />
          </div>
          <Button type="submit" label="Открыть" />
        </form>
        {error && (
          <p role="alert" className="p-error">
            {error}
          </p>
        )}
      </main>
    );
  }
  if (error && !object) {
    return (
      <main className={s.viewer}>
        <h1>Файл не открылся</h1>
        <p role="alert">{error}</p>
        {!link && <Link href="/documents">Перейти в «Мои документы»</Link>}
      </main>
    );
  }
  if (!object) return <main className={s.viewer}>Загрузка…</main>;

  const download = fileUrl(object.id, { link, grant, download: true });
  return (
    <main className={s.viewer}>
      <header className={s.viewerHead}>
        {!link && (
          <Link href={object.root ? `/documents/folder/${encodeURIComponent(object.root)}` : '/documents'} aria-label="Назад к папке">
            <i className="pi pi-arrow-left" aria-hidden="true" />
          </Link>
        )}
        <h1 style={{ margin: 0, flex: 1, fontSize: '1.25rem' }}>{object.name}</h1>
        <span className={s.muted}>
          {formatSize(object.size)} · {formatDateTime(new Date(object.updated_at))}
        </span>
        {object.kind === 'file' && (
          <a className="p-button p-button-outlined" href={download} download={object.name}>
            <i className="pi pi-download" aria-hidden="true" />
            &nbsp;Скачать
          </a>
        )}
      </header>
      {object.kind === 'folder' && link && <LinkedFolder folder={object} path={path} token={link} grant={grant} />}
      {object.kind === 'folder' && !link && (
        <p>
          Это папка: <Link href={`/documents/folder/${encodeURIComponent(object.id)}`}>открыть её в «Моих документах»</Link>.
        </p>
      )}
      {object.kind === 'file' && link && path.length > 0 && (
        <nav aria-label="Путь к файлу">
          <ol className={s.crumbs}>
            {path.map((p) => (
              <li key={p.id}>
                <Link href={linkedHref(p.id, link)}>{p.name}</Link> /
              </li>
            ))}
          </ol>
        </nav>
      )}
      {object.kind === 'file' && !preview && <p>Готовим просмотр…</p>}
      {preview?.kind === 'image' && (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={src} alt={object.name} style={{ maxWidth: '100%', maxHeight: '80vh', objectFit: 'contain' }} />
      )}
      {preview?.kind === 'pdf' && (
        // No `sandbox` attribute: Chromium refuses to run its PDF viewer in a sandboxed frame («заблокировано»).
        // The frame's document is sandboxed by the answer itself: `Content-Security-Policy: sandbox`,
        // `Content-Type: application/pdf` from our own table (never sniffed: `nosniff`), so it can only be a PDF.
        <iframe title={`Просмотр ${object.name}`} src={fileUrl(object.id, { link, grant, inline: true })} style={{ width: '100%', height: '80vh', border: '1px solid var(--surface-border)' }} />
      )}
      {preview?.kind === 'text' &&
        (preview.csv ? (
          <Table rows={preview.csv} label="Содержимое таблицы" />
        ) : (
          <pre aria-label="Содержимое файла" style={{ whiteSpace: 'pre-wrap', maxHeight: '75vh', overflow: 'auto' }}>
            {preview.text}
          </pre>
        ))}
      {preview?.kind === 'docx' && (
        <article aria-label="Содержимое документа" className={s.doc}>
          {preview.blocks.map((b, i) =>
            b.kind === 'table' ? (
              <Table key={i} rows={b.rows} label="Таблица документа" />
            ) : b.level > 0 ? (
              <h2 key={i} style={{ fontSize: `${Math.max(1, 1.6 - b.level * 0.15)}rem` }}>
                {b.runs.map((r) => r.text).join('')}
              </h2>
            ) : (
              <p key={i}>
                {b.runs.map((r, j) => (
                  <span key={j} style={{ fontWeight: r.bold ? 700 : undefined, fontStyle: r.italic ? 'italic' : undefined, whiteSpace: 'pre-wrap' }}>
                    {r.text}
                  </span>
                ))}
              </p>
            ),
          )}
        </article>
      )}
      {preview?.kind === 'xlsx' &&
        (preview.sheets.length === 0 ? (
          <p>В книге нет листов.</p>
        ) : (
          <TabView>
            {preview.sheets.map((sh) => (
              <TabPanel key={sh.name} header={sh.name}>
                <Table rows={sh.rows} label={`Лист ${sh.name}`} />
                {sh.truncated && <p className={s.muted}>Показаны первые 500 строк и 50 столбцов — скачайте файл, чтобы увидеть всё.</p>}
              </TabPanel>
            ))}
          </TabView>
        ))}
      {preview?.kind === 'card' && (
        <div className={s.empty}>
          <i className="pi pi-file" style={{ fontSize: '2.5rem' }} aria-hidden="true" />
          <p>
            Просмотр для этого типа файла недоступен. {object.name}, {formatSize(object.size)}.
          </p>
          <a className="p-button" href={download} download={object.name}>
            Скачать
          </a>
        </div>
      )}
    </main>
  );
}
