'use client';

import { createElement, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { FileObject } from '@/lib/schemas/files';
import s from './files.module.css';
import { ListLoading } from '@/components/layout/ListLoading';
import { preloadListView, useListView } from './list-view-chunk';

export { PAGE } from './list-query';

export interface FileListProps {
  view: 'table' | 'tiles';
  objects: FileObject[];
  total: number;
  offset: number;
  loading: boolean;
  /** Specifications: a cost column instead of sizes. */
  specs: boolean;
  selected: FileObject[];
  setSelected: Dispatch<SetStateAction<FileObject[]>>;
  hrefOf: (o: FileObject) => string;
  open: (o: FileObject) => void;
  onPage: (offset: number) => void;
  /** What an empty list says (null while an error is shown). */
  empty: ReactNode;
}

// The table's code is asked for as soon as this module runs (with the page's code), not once the list first renders.
if (typeof window !== 'undefined') preloadListView();

/**
 * The folder's objects as a paged table or tiles (`FileListView`). Its code — the table, the paginator — is not in
 * the page's first-load JavaScript: it loads alongside, and until it is there a loading line stands in its place.
 */
export function FileList(props: FileListProps) {
  // The same component every time once loaded (a module's export), so React keeps its state.
  const view = useListView();
  return view ? createElement(view, props) : <ListLoading />;
}

/** What an empty list says: nothing found, nothing shared, or an empty folder (with what to do, where the user may write). */
export function FileListEmpty({ search, shared, inFolder, canWrite, specs }: { search: string; shared: boolean; inFolder: boolean; canWrite: boolean; specs: boolean }) {
  if (search) return <div className={s.empty}>Ничего не найдено по запросу «{search}».</div>;
  if (shared) return <div className={s.empty}>С вами пока ничем не поделились.</div>;
  return (
    <div className={s.empty}>
      {inFolder ? 'В этой папке пока пусто.' : 'Здесь пока пусто.'}{' '}
      {canWrite && (specs ? 'Нажмите «Новая спецификация».' : 'Перетащите файлы сюда или нажмите «Загрузить».')}
    </div>
  );
}
