'use client';

import type { FileObject, FileType } from '@/lib/schemas/files';
import { files } from './api';
import { moveAll, withNameConflict } from './conflict-actions';
import { FolderPickerDialog } from './FolderPickerDialog';
import { LinkDialog } from './LinkDialog';
import type { useNameConflict } from './NameConflictDialog';
import { NameDialog } from './NameDialog';
import { ShareDialog } from './ShareDialog';

/** The dialog open over the file list (one at a time). */
export type FileDialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; object: FileObject }
  | { kind: 'move'; objects: FileObject[] }
  | { kind: 'copy'; object: FileObject }
  | { kind: 'share'; object: FileObject }
  | { kind: 'link'; object: FileObject }
  | null;

export interface FileDialogsProps {
  dialog: FileDialog;
  onClose: () => void;
  type: FileType;
  root: string | null;
  /** The section's title: the top level in folder pickers. */
  title: string;
  conflict: ReturnType<typeof useNameConflict>;
  /** A success: toast `summary` and reload the list. */
  done: (summary: string) => void;
  reload: () => void;
  clearSelection: () => void;
}

/** «Новая папка», «Переименовать», «Копировать в…», «Переместить в…», «Доступ», «Ссылка». */
export function FileDialogs({ dialog, onClose, type, root, title, conflict, done, reload, clearSelection }: FileDialogsProps) {
  const specs = type === 'specifications';
  switch (dialog?.kind) {
    case 'newFolder':
      return (
        <NameDialog
          title="Новая папка"
          label="Название папки"
          initial="Новая папка"
          submitLabel="Создать"
          onClose={onClose}
          onSubmit={async (name) => {
            await files.createFolder(name, root, type);
            done('Папка создана');
          }}
        />
      );
    case 'rename':
      return (
        <NameDialog
          title="Переименовать"
          label="Новое название"
          initial={dialog.object.name}
          submitLabel="Сохранить"
          onClose={onClose}
          onSubmit={async (name) => {
            await files.rename(dialog.object, name);
            done('Переименовано');
          }}
        />
      );
    case 'copy':
      return (
        <FolderPickerDialog
          title={`Копировать «${dialog.object.name}» в…`}
          submitLabel="Копировать сюда"
          type={type}
          exclude={[]}
          rootLabel={title}
          onClose={onClose}
          onPick={async (dest) => {
            const dot = dialog.object.kind === 'file' && !specs ? dialog.object.name.lastIndexOf('.') : -1;
            const name =
              dest === root ? (dot > 0 ? `${dialog.object.name.slice(0, dot)} (копия)${dialog.object.name.slice(dot)}` : `${dialog.object.name} (копия)`) : dialog.object.name;
            if (await withNameConflict(dialog.object, conflict.ask, (other) => files.copy(dialog.object, dest, other ?? name))) done('Скопировано');
          }}
        />
      );
    case 'move':
      return (
        <FolderPickerDialog
          title="Переместить в…"
          submitLabel="Переместить сюда"
          type={type}
          exclude={dialog.objects.map((o) => o.id)}
          rootLabel={title}
          onClose={onClose}
          onPick={async (dest) => {
            const moved = await moveAll(dialog.objects, dest, conflict.ask);
            clearSelection();
            if (moved) done(moved === dialog.objects.length ? 'Перемещено' : `Перемещено: ${moved} из ${dialog.objects.length}`);
            else reload();
          }}
        />
      );
    case 'share':
      return <ShareDialog object={dialog.object} onClose={onClose} />;
    case 'link':
      return <LinkDialog object={dialog.object} onClose={onClose} />;
    default:
      return null;
  }
}
