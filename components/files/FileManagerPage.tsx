'use client';

import Link from 'next/link';
import { useAppRouter } from '@/components/layout/use-app-router';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { formatSize } from '@/lib/domain/files/format-size';
import { pendingUploads } from '@/lib/client/uploader';
import { formatDateTime } from '@/lib/domain/format/date';
import { plural } from '@/lib/domain/words/amount-in-words';
import { userMessage } from '@/lib/client/messages';
import type { FileObject, FileSort, FileType, PathItem } from '@/lib/schemas/files';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { useToast } from '@/components/layout/ToastProvider';
import { downloadZip, fileUrl, files, type ListQuery } from './api';
import { FolderPickerDialog } from './FolderPickerDialog';
import { moveAll, withNameConflict } from './conflict-actions';
import { LinkDialog } from './LinkDialog';
import { SpecCostCell, SpecCostsContext, useSpecCosts } from '@/components/specifications/SpecCostCell';
import { useNameConflict } from './NameConflictDialog';
import { NameDialog } from './NameDialog';
import { ShareDialog } from './ShareDialog';
import { TrashView } from './TrashView';
import { UploadPanel } from './UploadPanel';
import { useUploads } from './useUploads';
import s from './files.module.css';

const PAGE = 100;
const SORTS: { label: string; value: FileSort }[] = [
  { label: 'По названию (А–Я)', value: 'name' },
  { label: 'По названию (Я–А)', value: '-name' },
  { label: 'Сначала новые', value: '-updated_at' },
  { label: 'Сначала старые', value: 'updated_at' },
  { label: 'Сначала большие', value: '-size' },
  { label: 'Сначала маленькие', value: 'size' },
];
const VIEWS = [
  { icon: 'pi pi-list', value: 'table', label: 'Таблица' },
  { icon: 'pi pi-th-large', value: 'tiles', label: 'Плитка' },
];
const SCOPES = [
  { label: 'Мои', value: 'own' },
  { label: 'Доступные мне', value: 'shared' },
];

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; object: FileObject }
  | { kind: 'move'; objects: FileObject[] }
  | { kind: 'copy'; object: FileObject }
  | { kind: 'share'; object: FileObject }
  | { kind: 'link'; object: FileObject }
  | null;

const iconOf = (o: FileObject): string => {
  if (o.kind === 'folder') return 'pi pi-folder';
  if (o.type === 'specifications') return 'pi pi-list';
  if (o.mime.startsWith('image/')) return 'pi pi-image';
  if (o.mime === 'application/pdf') return 'pi pi-file-pdf';
  if (o.mime.includes('spreadsheet') || o.mime === 'text/csv' || o.mime.includes('excel')) return 'pi pi-file-excel';
  if (o.mime.includes('word')) return 'pi pi-file-word';
  return 'pi pi-file';
};

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
/** «Новая спецификация» in the open folder (`?folder=` only below the top level). */
const newSpecHref = (folderId: string | null) => `/specifications/create${folderId ? `?folder=${encodeURIComponent(folderId)}` : ''}`;

/**
 * The file manager screen («Мои документы»): breadcrumbs, table and tile views (both paged), sort, search, new
 * folder, drag-and-drop upload with progress, rename (F2), move, copy, delete (Del) to «Корзина», access, public link,
 * download; a name taken in the folder offers «Заменить» / «Оставить оба».
 * With type `specifications` (/specifications) it lists specifications: «Новая спецификация» instead of uploads,
 * a specification opens in its editor; no upload, download or public link (the document is the object's metadata).
 */
export function FileManagerPage({ type, title, basePath, folderId, fileHref }: FileManagerPageProps) {
  const router = useAppRouter();
  const toast = useToast();
  const root = folderId ?? null;
  /** Specifications are documents in metadata, not uploaded bytes. */
  const specs = type === 'specifications';
  const openFile = fileHref ?? (specs ? specHref : null);
  const [query, setQuery] = useState<Omit<ListQuery, 'root' | 'type'>>({ search: '', sort: 'name', offset: 0, limit: PAGE, scope: 'own' });
  const [searchText, setSearchText] = useState('');
  const [view, setView] = useState<'table' | 'tiles'>('table');
  const [objects, setObjects] = useState<FileObject[]>([]);
  const [total, setTotal] = useState(0);
  const [path, setPath] = useState<PathItem[]>([]);
  const [folder, setFolder] = useState<FileObject | null>(null);
  const [loadedFor, setLoadedFor] = useState('');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<FileObject[]>([]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dragging, setDragging] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [trashOpen, setTrashOpen] = useState(false);
  const conflict = useNameConflict();
  const input = useRef<HTMLInputElement>(null);
  const reload = useCallback(() => setReloadKey((k) => k + 1), []);
  const uploads = useUploads({ type, onUploaded: reload });
  /** Specifications: the page's current costs and staleness, one call per page. */
  const costs = useSpecCosts(objects, specs && !trashOpen);

  // Uploads a reload interrupted: the same file dropped here again continues where it stopped.
  const [unfinished, setUnfinished] = useState<{ name: string; size: number }[]>([]);
  useEffect(() => {
    const t = setTimeout(() => setUnfinished(pendingUploads(root, type)), 0);
    return () => clearTimeout(t);
  }, [root, type, uploads.tasks]);

  const requestKey = JSON.stringify([root, type, query, reloadKey]);
  const loading = loadedFor !== requestKey;
  useEffect(() => {
    const ctl = new AbortController();
    const list = files.list({ ...query, root, type }, ctl.signal);
    const info = root ? files.info(root, ctl.signal) : Promise.resolve(null);
    Promise.all([list, info])
      .then(([l, i]) => {
        setObjects(l.objects);
        setTotal(l.total);
        setPath(i ? [...i.path, { id: i.object.id, name: i.object.name }] : []);
        setFolder(i?.object ?? null);
        setLoadError(null);
        setSelected((sel) => sel.filter((x) => l.objects.some((o) => o.id === x.id)).map((x) => l.objects.find((o) => o.id === x.id)!));
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setLoadError(userMessage(e));
        setObjects([]);
        setTotal(0);
      })
      .finally(() => {
        if (!ctl.signal.aborted) setLoadedFor(requestKey);
      });
    return () => ctl.abort();
  }, [requestKey, query, root, type]);

  // Search as you type, a moment after the last key.
  useEffect(() => {
    const t = setTimeout(() => setQuery((q) => (q.search === searchText.trim() ? q : { ...q, search: searchText.trim(), offset: 0 })), 300);
    return () => clearTimeout(t);
  }, [searchText]);

  const canWrite = !folder || folder.access !== 'read';
  const folderHref = (id: string) => `${basePath}/folder/${encodeURIComponent(id)}`;
  const hrefOf = (o: FileObject) => (o.kind === 'folder' ? folderHref(o.id) : openFile ? openFile(o) : `/file/${encodeURIComponent(o.id)}`);
  const open = (o: FileObject) => {
    router.push(hrefOf(o));
  };

  const failed = (e: unknown) => toast.show({ severity: 'error', summary: 'Не получилось', detail: userMessage(e) });
  const done = (summary: string) => {
    toast.show({ severity: 'success', summary });
    reload();
  };

  const download = async (list: FileObject[]) => {
    if (list.length === 1 && list[0]!.kind === 'file') {
      const a = document.createElement('a');
      a.href = fileUrl(list[0]!.id, { download: true });
      a.download = list[0]!.name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      return;
    }
    try {
      await downloadZip(
        list.map((o) => o.id),
        `${title}.zip`,
      );
    } catch (e) {
      failed(e);
    }
  };

  const askDelete = (list: FileObject[]) => {
    if (list.length === 0) return;
    const what = list.length === 1 ? `«${list[0]!.name}»` : `${list.length} ${plural(list.length, ['объект', 'объекта', 'объектов'])}`;
    const folders = list.some((o) => o.kind === 'folder');
    confirmDialog({
      header: 'Удаление',
      message: `Переместить ${what} в корзину?${folders ? ' Папки — вместе со всем содержимым.' : ''} Восстановить можно из корзины.`,
      icon: 'pi pi-trash',
      acceptLabel: 'В корзину',
      rejectLabel: 'Отмена',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => {
        files.remove(list.map((o) => o.id)).then(() => {
          setSelected([]);
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

  const addFiles = (list: FileList | File[] | null) => {
    const arr = list ? Array.from(list) : [];
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

  const one = selected.length === 1 ? selected[0]! : null;
  const allWritable = selected.length > 0 && selected.every((o) => o.access !== 'read');
  const crumbs = [{ label: title, to: basePath }, ...path.map((p) => ({ label: p.name, to: folderHref(p.id) }))];

  const nameBody = (o: FileObject) => (
    <span className={s.nameCell}>
      <i className={iconOf(o)} aria-hidden="true" />
      <Link href={hrefOf(o)}>{o.name}</Link>
      {o.access !== 'owner' && <Tag value={o.access === 'edit' ? 'изменение' : 'просмотр'} severity="info" />}
      {o.mode === 'public' && <Tag value="публичный" severity="warning" />}
    </span>
  );

  const empty = loadError ? null : query.search ? (
    <div className={s.empty}>Ничего не найдено по запросу «{query.search}».</div>
  ) : query.scope === 'shared' && !root ? (
    <div className={s.empty}>С вами пока ничем не поделились.</div>
  ) : (
    <div className={s.empty}>
      {root ? 'В этой папке пока пусто.' : 'Здесь пока пусто.'}{' '}
      {canWrite && (specs ? 'Нажмите «Новая спецификация».' : 'Перетащите файлы сюда или нажмите «Загрузить».')}
    </div>
  );

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
        <h1>{trashOpen ? 'Корзина' : path.length ? path[path.length - 1]!.name : title}</h1>
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
                  {i === crumbs.length - 1 ? <span aria-current="page">{c.label}</span> : <Link href={c.to}>{c.label}</Link>}
                </li>
              ))}
            </ol>
          </nav>

          <div className={s.toolbar}>
            {canWrite && specs && (
              <>
                <Link href={newSpecHref(root)} className="p-button">
                  <i className="pi pi-plus" aria-hidden="true" />
                  &nbsp;Новая спецификация
                </Link>
                <Button type="button" icon="pi pi-folder-plus" label="Новая папка" outlined onClick={() => setDialog({ kind: 'newFolder' })} />
              </>
            )}
            {canWrite && !specs && (
              <>
                <Button type="button" icon="pi pi-folder-plus" label="Новая папка" onClick={() => setDialog({ kind: 'newFolder' })} />
                <Button type="button" icon="pi pi-upload" label="Загрузить" outlined onClick={() => input.current?.click()} />
                <input
                  ref={input}
                  type="file"
                  multiple
                  hidden
                  aria-label="Выбрать файлы для загрузки"
                  onChange={(e) => {
                    addFiles(e.target.files);
                    e.target.value = '';
                  }}
                />
              </>
            )}
            {type === 'documents' && (
              <Link href="/documents/templates" className="p-button p-button-text">
                <i className="pi pi-file-word" aria-hidden="true" />
                &nbsp;Шаблоны документов
              </Link>
            )}
            <IconField iconPosition="left" className={s.grow}>
              <InputIcon className="pi pi-search" />
              <InputText value={searchText} onChange={(e) => setSearchText(e.target.value)} placeholder="Поиск по названию" aria-label="Поиск по названию" />
            </IconField>
            <Dropdown value={query.sort} options={SORTS} onChange={(e) => setQuery((q) => ({ ...q, sort: e.value as FileSort, offset: 0 }))} aria-label="Сортировка" />
            {!root && (
              <SelectButton
                value={query.scope}
                options={SCOPES}
                allowEmpty={false}
                onChange={(e) => e.value && setQuery((q) => ({ ...q, scope: e.value as 'own' | 'shared', offset: 0 }))}
                aria-label="Чьи файлы"
              />
            )}
            <SelectButton
              value={view}
              options={VIEWS}
              allowEmpty={false}
              onChange={(e) => e.value && setView(e.value as 'table' | 'tiles')}
              itemTemplate={(o: { icon: string; label: string }) => <i className={o.icon} aria-label={o.label} title={o.label} />}
              aria-label="Вид"
            />
          </div>

          {!specs && unfinished.length > 0 && !uploads.tasks.some((t) => t.state === 'uploading' || t.state === 'queued' || t.state === 'retrying') && (
            <div className={s.empty} role="status" style={{ padding: '0.75rem', marginBottom: '0.75rem', textAlign: 'left' }}>
              Не завершены загрузки: {unfinished.map((u) => `«${u.name}» (${formatSize(u.size)})`).join(', ')}. Выберите или перетащите эти
              файлы снова — загрузка продолжится с того места, где остановилась.
            </div>
          )}
          <UploadPanel tasks={uploads.tasks} onCancel={uploads.cancel} onRetry={uploads.retry} onSettle={(k, c, x) => void uploads.settle(k, c, x)} onClear={uploads.clearFinished} />

          <div className={s.selection} aria-label="Действия с выбранным">
            {selected.length > 0 ? (
              <>
                <span className={s.muted}>Выбрано: {selected.length}</span>
                {!specs && <Button type="button" text size="small" icon="pi pi-download" label="Скачать" onClick={() => void download(selected)} />}
                {one && one.access !== 'read' && <Button type="button" text size="small" icon="pi pi-pencil" label="Переименовать" onClick={() => setDialog({ kind: 'rename', object: one })} />}
                {allWritable && <Button type="button" text size="small" icon="pi pi-arrow-right" label="Переместить" onClick={() => setDialog({ kind: 'move', objects: selected })} />}
                {one && <Button type="button" text size="small" icon="pi pi-clone" label="Копировать" onClick={() => setDialog({ kind: 'copy', object: one })} />}
                {one && one.access === 'owner' && <Button type="button" text size="small" icon="pi pi-users" label="Доступ" onClick={() => setDialog({ kind: 'share', object: one })} />}
                {one && one.access === 'owner' && !specs && (
                  <Button type="button" text size="small" icon="pi pi-link" label="Ссылка" onClick={() => setDialog({ kind: 'link', object: one })} />
                )}
                {allWritable && <Button type="button" text size="small" severity="danger" icon="pi pi-trash" label="Удалить" onClick={() => askDelete(selected)} />}
              </>
            ) : (
              <span className={s.muted}>{loading ? 'Загрузка…' : `Объектов: ${total}`}</span>
            )}
          </div>

          {loadError && (
            <div role="alert" className="p-error" style={{ marginBottom: '0.75rem' }}>
              {loadError} <Button type="button" text size="small" label="Повторить" onClick={reload} />
            </div>
          )}

          <SpecCostsContext.Provider value={costs}>
          {view === 'table' ? (
            <DataTable
              value={objects}
              dataKey="id"
              loading={loading}
              selectionMode="checkbox"
              selection={selected}
              onSelectionChange={(e) => setSelected(e.value as FileObject[])}
              onRowDoubleClick={(e) => open(e.data as FileObject)}
              lazy
              paginator={total > PAGE}
              rows={PAGE}
              first={query.offset}
              totalRecords={total}
              onPage={(e: DataTableStateEvent) => setQuery((q) => ({ ...q, offset: e.first }))}
              emptyMessage={empty}
              aria-label="Файлы и папки"
              size="small"
              stripedRows
            >
              <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
              <Column header="Название" body={nameBody} />
              {!specs && <Column header="Размер" body={(o: FileObject) => (o.kind === 'folder' ? '—' : formatSize(o.size))} style={{ width: '8rem' }} />}
              {specs && (
                <Column
                  header={<span title="Полная себестоимость единицы по вашим параметрам по умолчанию и сегодняшним ставкам">Себестоимость ед.</span>}
                  body={(o: FileObject) => <SpecCostCell object={o} />}
                  style={{ width: '11rem' }}
                />
              )}
              <Column header="Изменён" body={(o: FileObject) => formatDateTime(new Date(o.updated_at))} style={{ width: '10rem' }} />
            </DataTable>
          ) : objects.length === 0 && !loading ? (
            empty
          ) : (
            <>
              <ul className={s.tiles} aria-label="Файлы и папки">
                {objects.map((o) => {
                  const isSel = selected.some((x) => x.id === o.id);
                  return (
                    <li key={o.id}>
                      <button
                        type="button"
                        className={`${s.tile} ${isSel ? s.tileSelected : ''}`}
                        aria-pressed={isSel}
                        onClick={(e) =>
                          setSelected((sel) => (e.ctrlKey || e.metaKey ? (isSel ? sel.filter((x) => x.id !== o.id) : [...sel, o]) : isSel && sel.length === 1 ? [] : [o]))
                        }
                        onDoubleClick={() => open(o)}
                        onKeyDown={(e) => {
                          if (e.key === 'Enter') {
                            e.preventDefault();
                            open(o);
                          }
                        }}
                      >
                        <i className={iconOf(o)} aria-hidden="true" />
                        <span>{o.name}</span>
                        <span className={s.muted}>{o.kind === 'folder' ? 'папка' : specs ? formatDateTime(new Date(o.updated_at)) : formatSize(o.size)}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              {total > PAGE && (
                <Paginator
                  className={s.tilesPaginator}
                  first={query.offset}
                  rows={PAGE}
                  totalRecords={total}
                  onPageChange={(e: PaginatorPageChangeEvent) => setQuery((q) => ({ ...q, offset: e.first }))}
                />
              )}
            </>
          )}
          </SpecCostsContext.Provider>
        </>
      )}

      {dragging && <div className={s.drop}>Отпустите, чтобы загрузить в «{path.length ? path[path.length - 1]!.name : title}»</div>}

      <ConfirmDialog />
      {dialog?.kind === 'newFolder' && (
        <NameDialog
          title="Новая папка"
          label="Название папки"
          initial="Новая папка"
          submitLabel="Создать"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            await files.createFolder(name, root, type);
            done('Папка создана');
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title="Переименовать"
          label="Новое название"
          initial={dialog.object.name}
          submitLabel="Сохранить"
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            await files.rename(dialog.object, name);
            done('Переименовано');
          }}
        />
      )}
      {dialog?.kind === 'copy' && (
        <FolderPickerDialog
          title={`Копировать «${dialog.object.name}» в…`}
          submitLabel="Копировать сюда"
          type={type}
          exclude={[]}
          rootLabel={title}
          onClose={() => setDialog(null)}
          onPick={async (dest) => {
            const dot = dialog.object.kind === 'file' && !specs ? dialog.object.name.lastIndexOf('.') : -1;
            const name =
              dest === root
                ? dot > 0
                  ? `${dialog.object.name.slice(0, dot)} (копия)${dialog.object.name.slice(dot)}`
                  : `${dialog.object.name} (копия)`
                : dialog.object.name;
            if (await withNameConflict(dialog.object, conflict.ask, (other) => files.copy(dialog.object, dest, other ?? name))) done('Скопировано');
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <FolderPickerDialog
          title="Переместить в…"
          submitLabel="Переместить сюда"
          type={type}
          exclude={dialog.objects.map((o) => o.id)}
          rootLabel={title}
          onClose={() => setDialog(null)}
          onPick={async (dest) => {
            const moved = await moveAll(dialog.objects, dest, conflict.ask);
            setSelected([]);
            if (moved) done(moved === dialog.objects.length ? 'Перемещено' : `Перемещено: ${moved} из ${dialog.objects.length}`);
            else reload();
          }}
        />
      )}
      {dialog?.kind === 'share' && <ShareDialog object={dialog.object} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'link' && <LinkDialog object={dialog.object} onClose={() => setDialog(null)} />}
      {conflict.dialog}
    </div>
  );
}
