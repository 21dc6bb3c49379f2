'use client';

import { Button } from 'primereact/button';
import type { FileObject } from '@/lib/schemas/files';
import type { FileDialog } from './FileDialogs';
import s from './files.module.css';

export interface FileSelectionBarProps {
  selected: FileObject[];
  /** Specifications: no download and no public link. */
  specs: boolean;
  loading: boolean;
  total: number;
  onDialog: (d: FileDialog) => void;
  onDownload: (list: FileObject[]) => void;
  onDelete: (list: FileObject[]) => void;
}

/** What can be done with the selection (by the access the user has), or the count of objects. */
export function FileSelectionBar({ selected, specs, loading, total, onDialog, onDownload, onDelete }: FileSelectionBarProps) {
  const one = selected.length === 1 ? selected[0]! : null;
  const allWritable = selected.length > 0 && selected.every((o) => o.access !== 'read');
  return (
    <div className={s.selection} aria-label="Действия с выбранным">
      {selected.length > 0 ? (
        <>
          <span className={s.muted}>Выбрано: {selected.length}</span>
          {!specs && <Button type="button" text size="small" icon="pi pi-download" label="Скачать" onClick={() => onDownload(selected)} />}
          {one && one.access !== 'read' && <Button type="button" text size="small" icon="pi pi-pencil" label="Переименовать" onClick={() => onDialog({ kind: 'rename', object: one })} />}
          {allWritable && <Button type="button" text size="small" icon="pi pi-arrow-right" label="Переместить" onClick={() => onDialog({ kind: 'move', objects: selected })} />}
          {one && <Button type="button" text size="small" icon="pi pi-clone" label="Копировать" onClick={() => onDialog({ kind: 'copy', object: one })} />}
          {one && one.access === 'owner' && <Button type="button" text size="small" icon="pi pi-users" label="Доступ" onClick={() => onDialog({ kind: 'share', object: one })} />}
          {one && one.access === 'owner' && !specs && <Button type="button" text size="small" icon="pi pi-link" label="Ссылка" onClick={() => onDialog({ kind: 'link', object: one })} />}
          {allWritable && <Button type="button" text size="small" severity="danger" icon="pi pi-trash" label="Удалить" onClick={() => onDelete(selected)} />}
        </>
      ) : (
        <span className={s.muted}>{loading ? 'Загрузка…' : `Объектов: ${total}`}</span>
      )}
    </div>
  );
}
