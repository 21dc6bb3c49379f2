'use client';

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { useMemo, useState } from 'react';
import { formatSize } from '@/lib/domain/files/format-size';
import { trashDaysLeft, trashDaysLeftText } from '@/lib/domain/files/trash';
import { formatDateTime } from '@/lib/domain/format/date';
import { plural } from '@/lib/domain/format/plural';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { FileType, TrashItem } from '@/lib/schemas/files';
import { useToast } from '@/components/layout/ToastProvider';
import { files, nameConflictOf } from './api';
import { useNameConflict } from './NameConflictDialog';
import s from './files.module.css';

const NO_ITEMS: TrashItem[] = [];
const objectsWord = (n: number) => `${n} ${plural(n, ['объект', 'объекта', 'объектов'])}`;

/**
 * «Корзина» of one type: what was deleted, where it was, when, how many days are left before it goes for
 * good; «Восстановить», «Удалить навсегда», «Очистить корзину». A name taken meanwhile offers «Оставить оба».
 */
export function TrashView({ type, rootLabel, onChanged }: { type: FileType; rootLabel: string; onChanged: () => void }) {
  const toast = useToast();
  const conflict = useNameConflict();
  const [picked, setPicked] = useState<TrashItem[]>([]);
  const [now] = useState(() => Date.now());
  const trash = useLoad((signal) => files.trash(type, signal), [type], { keep: true });
  const { loading, error, reload } = trash;
  const items = trash.data?.items ?? NO_ITEMS;
  const days = trash.data?.days ?? 30;
  // The selection follows the list: what left the bin after a reload drops out.
  const selected = useMemo(() => picked.filter((x) => items.some((i) => i.object.id === x.object.id)), [picked, items]);
  const setSelected = setPicked;

  const failed = (e: unknown) => toast.show({ severity: 'error', summary: 'Не получилось', detail: userMessage(e) });
  const finished = (summary: string) => {
    toast.show({ severity: 'success', summary });
    setSelected([]);
    reload();
    onChanged();
  };

  const restore = async (list: TrashItem[]) => {
    const ids = list.map((i) => i.object.id);
    try {
      await files.restore(ids);
    } catch (e) {
      const c = nameConflictOf(e);
      if (!c) return failed(e);
      if ((await conflict.ask(c, false)) !== 'keep') return;
      try {
        await files.restore(ids, true);
      } catch (again) {
        return failed(again);
      }
    }
    finished(list.length === 1 ? `Восстановлено: «${list[0]!.object.name}»` : `Восстановлено: ${objectsWord(list.length)}`);
  };

  const forever = (list: TrashItem[]) => {
    const what = list.length === 1 ? `«${list[0]!.object.name}»` : objectsWord(list.length);
    confirmDialog({
      header: 'Удалить навсегда',
      message: `Удалить ${what} навсегда? Восстановить будет нельзя.`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Удалить навсегда',
      rejectLabel: 'Отмена',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => {
        files.deleteForever(list.map((i) => i.object.id)).then(() => finished('Удалено навсегда'), failed);
      },
    });
  };

  const empty = () =>
    confirmDialog({
      header: 'Очистить корзину',
      message: `Удалить навсегда всё, что в корзине (${objectsWord(items.length)})? Восстановить будет нельзя.`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Очистить',
      rejectLabel: 'Отмена',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => {
        files.emptyTrash(type).then(() => finished('Корзина очищена'), failed);
      },
    });

  const where = (i: TrashItem) => {
    const path = i.path.length ? [rootLabel, ...i.path.map((p) => p.name)].join(' / ') : rootLabel;
    return i.restores_to_root && i.path.length ? `${path} (папки больше нет — вернётся в «${rootLabel}»)` : path;
  };
  const nameBody = (i: TrashItem) => (
    <span className={s.nameCell}>
      <i className={i.object.kind === 'folder' ? 'pi pi-folder' : i.object.type === 'specifications' ? 'pi pi-list' : 'pi pi-file'} aria-hidden="true" />
      <span>{i.object.name}</span>
    </span>
  );
  const actions = (i: TrashItem) => (
    <span className={s.rowActions}>
      <Button type="button" text size="small" icon="pi pi-replay" label="Восстановить" aria-label={`Восстановить «${i.object.name}»`} onClick={() => void restore([i])} />
      <Button type="button" text size="small" severity="danger" icon="pi pi-times" aria-label={`Удалить навсегда «${i.object.name}»`} title="Удалить навсегда" onClick={() => forever([i])} />
    </span>
  );

  return (
    <section aria-label="Корзина" data-testid="trash">
      <p className={s.muted} style={{ marginTop: 0 }}>
        Удалённое хранится здесь {days} {plural(days, ['день', 'дня', 'дней'])}, потом удаляется навсегда. Пока объекты в корзине, они
        занимают место в вашей квоте.
      </p>
      <div className={s.selection} aria-label="Действия с корзиной">
        {selected.length > 0 ? (
          <>
            <span className={s.muted}>Выбрано: {selected.length}</span>
            <Button type="button" text size="small" icon="pi pi-replay" label="Восстановить" onClick={() => void restore(selected)} />
            <Button type="button" text size="small" severity="danger" icon="pi pi-times" label="Удалить навсегда" onClick={() => forever(selected)} />
          </>
        ) : (
          <span className={s.muted}>{loading ? 'Загрузка…' : `В корзине: ${objectsWord(items.length)}`}</span>
        )}
        {items.length > 0 && <Button type="button" text size="small" severity="danger" icon="pi pi-trash" label="Очистить корзину" onClick={empty} />}
      </div>
      {error && (
        <div role="alert" className="p-error" style={{ marginBottom: '0.75rem' }}>
          {error} <Button type="button" text size="small" label="Повторить" onClick={reload} />
        </div>
      )}
      <DataTable
        value={items}
        dataKey="object.id"
        loading={loading}
        selectionMode="checkbox"
        selection={selected}
        onSelectionChange={(e) => setSelected(e.value as TrashItem[])}
        emptyMessage={error ? null : <div className={s.empty}>Корзина пуста.</div>}
        aria-label="Корзина"
        size="small"
        stripedRows
      >
        <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
        <Column header="Название" body={nameBody} />
        <Column header="Где было" body={where} className={s.wideOnly} headerClassName={s.wideOnly} />
        <Column header="Удалено" body={(i: TrashItem) => formatDateTime(new Date(i.deleted_at))} style={{ width: '10rem' }} />
        <Column header="Срок" body={(i: TrashItem) => trashDaysLeftText(trashDaysLeft(new Date(i.expires_at), new Date(now)))} style={{ width: '10.5rem' }} />
        {type !== 'specifications' && (
          <Column header="Размер" body={(i: TrashItem) => formatSize(i.object.size)} style={{ width: '7rem' }} className={s.wideOnly} headerClassName={s.wideOnly} />
        )}
        <Column header="" body={actions} style={{ width: '13rem' }} />
      </DataTable>
      {conflict.dialog}
      <ConfirmDialog />
    </section>
  );
}
