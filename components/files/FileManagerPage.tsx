'use client';

import dynamic from 'next/dynamic';
import { IntentLink } from '@/components/layout/IntentLink';
import { useAppRouter } from '@/components/layout/use-app-router';
import { Button } from 'primereact/button';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { formatSize } from '@/lib/domain/files/format-size';
import { pendingUploads } from '@/lib/client/uploader';
import { plural } from '@/lib/domain/format/plural';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { FileObject, FileType } from '@/lib/schemas/files';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { useToast } from '@/components/layout/ToastProvider';
import { useConfirm } from '@/components/layout/use-confirm';
import { downloadObjects, files, type ListQuery } from './api';
import { listObjects, startEarlyList } from './early-list';
import { FIRST_PAGE } from './list-query';
import type { FileDialog } from './FileDialogs';
import { FileList, FileListEmpty } from './FileList';
import { FileSelectionBar } from './FileSelectionBar';
import { FileToolbar } from './FileToolbar';
import { SpecCostsContext, useSpecCosts } from '@/components/specifications/spec-costs';
import { useNameConflict } from './NameConflictDialog';
import { useUploads } from './useUploads';
import s from './files.module.css';

// The dialogs (folder tree, date picker, sharing) and the trash table load when first opened, not with the list.
const FileDialogs = dynamic(() => import('./FileDialogs').then((m) => m.FileDialogs), { ssr: false });
const UploadPanel = dynamic(() => import('./UploadPanel').then((m) => m.UploadPanel), { ssr: false });
const TrashView = dynamic(() => import('./TrashView').then((m) => m.TrashView), { ssr: false });
const RecalcAllDialog = dynamic(() => import('@/components/catalog/RecalcAllDialog').then((m) => m.RecalcAllDialog), { ssr: false });

export interface FileManagerPageProps {
  /** Category shown: `documents` here, `specifications` when mounted at /specifications. */
  type: FileType;
  /** Heading and first breadcrumb, e.g. «Мои документы». */
  title: string;
  /** Route of the top level, e.g. `/documents`; folders live at `${basePath}/folder/{id}`. */
  basePath: string;
  folderId?: string;
  /** Where a file opens (default: specifications open their editor, other files the viewer `/file/{id}`). */
  fileHref?: (o: FileObject) => string;
}

/** A specification opens in its editor. */
const specHref = (o: FileObject) => `/specifications/create/${encodeURIComponent(o.id)}`;
const NO_OBJECTS: FileObject[] = [];

/**
 * The file manager screen («Мои документы»): breadcrumbs, table and tile views (both paged), sort, search, new
 * folder, drag-and-drop upload with progress, rename (F2), move, copy, delete (Del) to «Корзина», access, public link,
 * download; a name taken in the folder offers «Заменить» / «Оставить оба».
 * With type `specifications` (/specifications) it lists specifications: «Новая спецификация» instead of uploads,
 * a specification opens in its editor; no upload, download or public link (the document is the object's metadata).
 * This container holds the state and the calls; `FileToolbar`, `FileSelectionBar`, `FileList` and `FileDialogs` draw.
 */
export function FileManagerPage({ type, title, basePath, folderId, fileHref }: FileManagerPageProps) {
  const router = useAppRouter();
  const toast = useToast();
  const root = folderId ?? null;
  /** Specifications are documents in metadata, not uploaded bytes. */
  const specs = type === 'specifications';
  const openFile = fileHref ?? (specs ? specHref : null);
  const [query, setQuery] = useState<Omit<ListQuery, 'root' | 'type'>>(FIRST_PAGE);
  const [searchText, setSearchText] = useState('');
  const [view, setView] = useState<'table' | 'tiles'>('table');
  const [picked, setPicked] = useState<FileObject[]>([]);
  const [dialog, setDialog] = useState<FileDialog>(null);
  const [dragging, setDragging] = useState(false);
  const [trashOpen, setTrashOpen] = useState(false);
  const [recalcAll, setRecalcAll] = useState(false);
  const conflict = useNameConflict();
  const confirm = useConfirm();

  // The first page is asked for while the page first renders, not after its effects (the loader takes that answer).
  useState(() => startEarlyList({ ...query, root, type }));
  const list = useLoad(
    (signal) => Promise.all([listObjects({ ...query, root, type }, signal), root ? files.info(root, signal) : Promise.resolve(null)]),
    [root, type, query],
    { keep: true },
  );
  const { reload, loading, error: loadError } = list;
  const answer = loadError ? undefined : list.data;
  const objects = answer?.[0].objects ?? NO_OBJECTS;
  const total = answer?.[0].total ?? 0;
  const info = answer?.[1] ?? null;
  const path = useMemo(() => (info ? [...info.path, { id: info.object.id, name: info.object.name }] : []), [info]);
  const folder = info?.object ?? null;
  // The selection follows the list: objects gone after a reload drop out, the rest are the fresh rows.
  const selected = useMemo(() => picked.flatMap((x) => objects.find((o) => o.id === x.id) ?? []), [picked, objects]);

  const uploads = useUploads({ type, onUploaded: reload });
  /** Specifications: the page's current costs and staleness, one call per page. */
  const costs = useSpecCosts(objects, specs && !trashOpen);

  // Uploads a reload interrupted: the same file dropped here again continues where it stopped.
  const [unfinished, setUnfinished] = useState<{ name: string; size: number }[]>([]);
  useEffect(() => {
    const t = setTimeout(() => setUnfinished(pendingUploads(root, type)), 0);
    return () => clearTimeout(t);
  }, [root, type, uploads.tasks]);

  // Search as you type, a moment after the last key.
  useEffect(() => {
    const t = setTimeout(() => setQuery((q) => (q.search === searchText.trim() ? q : { ...q, search: searchText.trim(), offset: 0 })), 300);
    return () => clearTimeout(t);
  }, [searchText]);

  const canWrite = !folder || folder.access !== 'read';
  const folderHref = (id: string) => `${basePath}/folder/${encodeURIComponent(id)}`;
  const hrefOf = (o: FileObject) => (o.kind === 'folder' ? folderHref(o.id) : openFile ? openFile(o) : `/file/${encodeURIComponent(o.id)}`);
  const open = (o: FileObject) => router.push(hrefOf(o));

  const failed = (e: unknown) => toast.show({ severity: 'error', summary: 'Не получилось', detail: userMessage(e) });
  const done = (summary: string) => {
    toast.show({ severity: 'success', summary });
    reload();
  };

  const download = (chosen: FileObject[]) => downloadObjects(chosen, title).catch(failed);

  const askDelete = (chosen: FileObject[]) => {
    if (chosen.length === 0) return;
    const what = chosen.length === 1 ? `«${chosen[0]!.name}»` : `${chosen.length} ${plural(chosen.length, ['объект', 'объекта', 'объектов'])}`;
    const folders = chosen.some((o) => o.kind === 'folder');
    confirm.ask({
      header: 'Удаление',
      message: `Переместить ${what} в корзину?${folders ? ' Папки — вместе со всем содержимым.' : ''} Восстановить можно из корзины.`,
      icon: 'pi pi-trash',
      acceptLabel: 'В корзину',
      rejectLabel: 'Отмена',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => {
        files.remove(chosen.map((o) => o.id)).then(() => {
          setPicked([]);
          done('Перемещено в корзину');
        }, failed);
      },
    });
  };

  // F2 and Del work anywhere on the page (not while typing or in a dialog).
  const keys = useRef<(e: globalThis.KeyboardEvent) => void>(() => undefined);
  useEffect(() => {
    keys.current = (e) => {
      const target = e.target as HTMLElement | null;
      if (trashOpen || target?.closest?.('textarea, [contenteditable], .p-dialog, input:not([type="checkbox"])')) return;
      if (e.key === 'F2' && selected.length === 1 && selected[0]!.access !== 'read') {
        e.preventDefault();
        setDialog({ kind: 'rename', object: selected[0]! });
      } else if (e.key === 'Delete' && selected.length > 0 && selected.every((o) => o.access !== 'read') && !dialog) {
        e.preventDefault();
        askDelete(selected);
      }
    };
  });
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const addFiles = (chosen: FileList | File[] | null) => {
    const arr = chosen ? Array.from(chosen) : [];
    if (arr.length === 0 || specs) return;
    if (!canWrite) {
      toast.show({ severity: 'warn', summary: 'Только просмотр', detail: 'В эту папку нельзя загружать: у вас права только на просмотр.' });
      return;
    }
    uploads.add(arr, root);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    addFiles(e.dataTransfer.files);
  };

  const crumbs = [{ label: title, to: basePath }, ...path.map((p) => ({ label: p.name, to: folderHref(p.id) }))];
  const here = path.length ? path[path.length - 1]!.name : title;

  const empty = loadError ? null : <FileListEmpty search={query.search} shared={query.scope === 'shared' && !root} inFolder={!!root} canWrite={canWrite} specs={specs} />;

  return (
    <div
      className={s.page}
      tabIndex={-1}
      onDragOver={(e) => {
        if (specs || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => {
        if (e.currentTarget === e.target || !e.currentTarget.contains(e.relatedTarget as Node)) setDragging(false);
      }}
      onDrop={onDrop}
      data-testid="file-manager"
    >
      <PageBreadcrumb items={crumbs.length === 1 ? [title] : crumbs.map((c, i) => (i === crumbs.length - 1 ? c.label : c))} />
      <div className={s.trashHead}>
        <h1>{trashOpen ? 'Корзина' : here}</h1>
        {trashOpen ? (
          <Button type="button" icon="pi pi-arrow-left" label={root ? 'К папке' : `К разделу «${title}»`} text onClick={() => setTrashOpen(false)} />
        ) : (
          <Button type="button" icon="pi pi-trash" label="Корзина" text onClick={() => setTrashOpen(true)} />
        )}
      </div>
      {trashOpen ? (
        <TrashView type={type} rootLabel={title} onChanged={reload} />
      ) : (
        <>
          <nav aria-label="Путь к папке">
            <ol className={s.crumbs}>
              {crumbs.map((c, i) => (
                <li key={c.to}>
                  {i > 0 && <i className="pi pi-angle-right" aria-hidden="true" style={{ marginRight: '0.25rem' }} />}
                  {i === crumbs.length - 1 ? <span aria-current="page">{c.label}</span> : <IntentLink href={c.to}>{c.label}</IntentLink>}
                </li>
              ))}
            </ol>
          </nav>

          <FileToolbar
            type={type}
            root={root}
            canWrite={canWrite}
            searchText={searchText}
            onSearchText={setSearchText}
            sort={query.sort}
            onSort={(sort) => setQuery((q) => ({ ...q, sort, offset: 0 }))}
            scope={query.scope}
            onScope={(scope) => setQuery((q) => ({ ...q, scope, offset: 0 }))}
            view={view}
            onView={setView}
            onNewFolder={() => setDialog({ kind: 'newFolder' })}
            onFiles={addFiles}
            onRecalcAll={specs ? () => setRecalcAll(true) : undefined}
          />
          {recalcAll && <RecalcAllDialog onClose={() => setRecalcAll(false)} onDone={list.reload} />}

          {!specs && unfinished.length > 0 && !uploads.tasks.some((t) => t.state === 'uploading' || t.state === 'queued' || t.state === 'retrying') && (
            <div className={s.empty} role="status" style={{ padding: '0.75rem', marginBottom: '0.75rem', textAlign: 'left' }}>
              Не завершены загрузки: {unfinished.map((u) => `«${u.name}» (${formatSize(u.size)})`).join(', ')}. Выберите или перетащите эти
              файлы снова — загрузка продолжится с того места, где остановилась.
            </div>
          )}
          {uploads.tasks.length > 0 && <UploadPanel tasks={uploads.tasks} onCancel={uploads.cancel} onRetry={uploads.retry} onSettle={(k, c, x) => void uploads.settle(k, c, x)} onClear={uploads.clearFinished} />}

          <FileSelectionBar
            selected={selected}
            specs={specs}
            loading={loading}
            total={total}
            onDialog={setDialog}
            onDownload={(chosen) => void download(chosen)}
            onDelete={askDelete}
          />

          {loadError && (
            <div role="alert" className="p-error" style={{ marginBottom: '0.75rem' }}>
              {loadError} <Button type="button" text size="small" label="Повторить" onClick={reload} />
            </div>
          )}

          <SpecCostsContext.Provider value={costs}>
            <FileList
              view={view}
              objects={objects}
              total={total}
              offset={query.offset}
              loading={loading}
              specs={specs}
              selected={selected}
              setSelected={setPicked}
              hrefOf={hrefOf}
              open={open}
              onPage={(offset) => setQuery((q) => ({ ...q, offset }))}
              empty={empty}
            />
          </SpecCostsContext.Provider>
        </>
      )}

      {dragging && <div className={s.drop}>Отпустите, чтобы загрузить в «{here}»</div>}

      {confirm.dialog}
      {dialog && (
        <FileDialogs
          dialog={dialog}
          onClose={() => setDialog(null)}
          type={type}
          root={root}
          title={title}
          conflict={conflict}
          done={done}
          reload={reload}
          clearSelection={() => setPicked([])}
        />
      )}
      {conflict.dialog}
    </div>
  );
}
