'use client';

import { IntentLink } from '@/components/layout/IntentLink';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Paginator, type PaginatorPageChangeEvent } from 'primereact/paginator';
import { Tag } from 'primereact/tag';
import { formatSize } from '@/lib/domain/files/format-size';
import { formatDateTime } from '@/lib/domain/format/date';
import type { FileObject } from '@/lib/schemas/files';
import { SpecCostCell } from '@/components/specifications/SpecCostCell';
import { PAGE, type FileListProps } from './FileList';
import s from './files.module.css';

const iconOf = (o: FileObject): string => {
  if (o.kind === 'folder') return 'pi pi-folder';
  if (o.type === 'specifications') return 'pi pi-list';
  if (o.mime.startsWith('image/')) return 'pi pi-image';
  if (o.mime === 'application/pdf') return 'pi pi-file-pdf';
  if (o.mime.includes('spreadsheet') || o.mime === 'text/csv' || o.mime.includes('excel')) return 'pi pi-file-excel';
  if (o.mime.includes('word')) return 'pi pi-file-word';
  return 'pi pi-file';
};


/** The folder's objects as a paged table (checkbox selection) or as tiles (click, Ctrl+click, Enter opens). */
export function FileListView({ view, objects, total, offset, loading, specs, selected, setSelected, hrefOf, open, onPage, empty }: FileListProps) {
  const nameBody = (o: FileObject) => (
    <span className={s.nameCell}>
      <i className={iconOf(o)} aria-hidden="true" />
      <IntentLink href={hrefOf(o)}>{o.name}</IntentLink>
      {o.access !== 'owner' && <Tag value={o.access === 'edit' ? 'изменение' : 'просмотр'} severity="info" />}
      {o.mode === 'public' && <Tag value="публичный" severity="warning" />}
    </span>
  );

  if (view === 'table') {
    return (
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
        first={offset}
        totalRecords={total}
        onPage={(e: DataTableStateEvent) => onPage(e.first)}
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
    );
  }
  if (objects.length === 0 && !loading) return empty;
  return (
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
                onClick={(e) => setSelected((sel) => (e.ctrlKey || e.metaKey ? (isSel ? sel.filter((x) => x.id !== o.id) : [...sel, o]) : isSel && sel.length === 1 ? [] : [o]))}
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
        <Paginator className={s.tilesPaginator} first={offset} rows={PAGE} totalRecords={total} onPageChange={(e: PaginatorPageChangeEvent) => onPage(e.first)} />
      )}
    </>
  );
}

