'use client';

import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import type { Dispatch, SetStateAction } from 'react';
import { COMPANY_KIND_SHORT, TAX_REGIME_TITLES } from '@/lib/domain/requisites';
import type { Company, CompanySort } from '@/lib/schemas/companies';
import type { ListQuery } from './api';
import s from './companies.module.css';

const SORT_FIELDS: Record<string, 'name' | 'inn' | 'updated_at'> = { fullName: 'name', inn: 'inn', updatedAt: 'updated_at' };

export interface CompaniesTableProps {
  rows: Company[];
  total: number;
  query: ListQuery;
  loading: boolean;
  /** Pages, page size and sort change the list's request. */
  setQuery: Dispatch<SetStateAction<ListQuery>>;
  onOpen: (c: Company) => void;
  onDelete: (c: Company) => void;
}

/** The companies of `/companies` as a paged, sortable table: a row opens the card; pencil and bin per row. */
export function CompaniesTable({ rows, total, query, loading, setQuery, onOpen, onDelete }: CompaniesTableProps) {
  const sortField = query.sort.replace('-', '');
  const dtSortField = Object.entries(SORT_FIELDS).find(([, v]) => v === sortField)?.[0];

  const onPageOrSort = (e: DataTableStateEvent) => {
    const field = e.sortField ? SORT_FIELDS[e.sortField] : undefined;
    const sort = (field ? `${e.sortOrder === -1 ? '-' : ''}${field}` : 'name') as CompanySort;
    setQuery((q) => ({ ...q, offset: sort === q.sort ? e.first : 0, limit: e.rows, sort }));
  };

  return (
    <DataTable
      value={rows}
      dataKey="id"
      lazy
      paginator
      first={query.offset}
      rows={query.limit}
      totalRecords={total}
      rowsPerPageOptions={[20, 50, 100]}
      onPage={onPageOrSort}
      onSort={onPageOrSort}
      sortField={dtSortField}
      sortOrder={query.sort.startsWith('-') ? -1 : 1}
      loading={loading}
      emptyMessage={query.search ? 'Ничего не найдено.' : 'Компаний пока нет — добавьте первую или загрузите файл CSV или XLSX.'}
      currentPageReportTemplate="{first}–{last} из {totalRecords}"
      paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport"
      onRowClick={(e) => onOpen(e.data as Company)}
      rowHover
      aria-label="Список компаний"
    >
      <Column
        field="fullName"
        header="Наименование"
        sortable
        body={(c: Company) => (
          <span>
            {c.shortName || c.fullName} {c.isOwn && <Tag value="своя" severity="success" />}
          </span>
        )}
      />
      <Column field="inn" header="ИНН" sortable />
      <Column field="kpp" header="КПП" />
      <Column header="Вид" body={(c: Company) => COMPANY_KIND_SHORT[c.kind]} />
      <Column header="Налоговый режим" body={(c: Company) => TAX_REGIME_TITLES[c.taxRegime]} />
      <Column
        header="Действия"
        body={(c: Company) => (
          <div className={s.actions}>
            <Button
              icon="pi pi-pencil"
              text
              rounded
              aria-label={`Изменить «${c.shortName || c.fullName}»`}
              onClick={(e) => {
                e.stopPropagation();
                onOpen(c);
              }}
            />
            <Button
              icon="pi pi-trash"
              text
              rounded
              severity="danger"
              aria-label={`Удалить «${c.shortName || c.fullName}»`}
              onClick={(e) => {
                e.stopPropagation();
                onDelete(c);
              }}
            />
          </div>
        )}
      />
    </DataTable>
  );
}
