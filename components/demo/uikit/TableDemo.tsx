'use client';

import { FilterMatchMode } from 'primereact/api';
import { Column } from 'primereact/column';
import { DataTable, type DataTableFilterMeta } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { ProgressBar } from 'primereact/progressbar';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatIsoDate } from '@/lib/domain/format/date';
import { countOf, type Forms } from '@/lib/domain/format/plural';
import { dec, formatMoney } from '@/lib/domain/money';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

type Customer = (typeof data.customers)[number];
type Status = keyof typeof data.statuses;
const STATUS_SEVERITY: Record<Status, 'info' | 'success' | 'warning' | 'danger' | null> = {
  new: 'info',
  qualified: null,
  negotiation: 'warning',
  won: 'success',
  lost: 'danger',
};
const STATUS_OPTIONS = Object.entries(data.statuses).map(([value, label]) => ({ value, label }));
const CUSTOMERS: Forms = ['клиент', 'клиента', 'клиентов'];

const statusTag = (c: Customer) => <Tag value={data.statuses[c.status as Status]} severity={STATUS_SEVERITY[c.status as Status]} />;

/** UI kit: a table of clients with search, column filters, sorting, paging, selection and row details. */
export function TableDemo() {
  const [filters, setFilters] = useState<DataTableFilterMeta>({
    global: { value: null, matchMode: FilterMatchMode.CONTAINS },
    status: { value: null, matchMode: FilterMatchMode.EQUALS },
  });
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Customer[]>([]);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  const setFilter = (key: 'global' | 'status', value: string | null) =>
    setFilters((f) => ({ ...f, [key]: { value, matchMode: key === 'global' ? FilterMatchMode.CONTAINS : FilterMatchMode.EQUALS } }));

  const header = (
    <div className={styles.row}>
      <IconField iconPosition="left">
        <InputIcon className="pi pi-search" />
        <InputText
          value={search}
          placeholder="Поиск по таблице"
          aria-label="Поиск по таблице"
          onChange={(e) => {
            setSearch(e.target.value);
            setFilter('global', e.target.value || null);
          }}
        />
      </IconField>
      <span className={styles.muted} data-testid="table-selected">
        Выбрано: {countOf(selected.length, CUSTOMERS)}
      </span>
    </div>
  );

  const statusFilter = (
    <Dropdown
      value={(filters.status as { value: string | null }).value}
      options={STATUS_OPTIONS}
      onChange={(e) => setFilter('status', (e.value as string | undefined) ?? null)}
      placeholder="Все"
      showClear
      aria-label="Фильтр по статусу"
      style={{ minWidth: '9rem' }}
    />
  );

  return (
    <>
      <DemoPageHeader description="DataTable: поиск по всей таблице, фильтр по статусу, сортировка по столбцам, страницы, выбор строк и раскрытие подробностей." />
      <section className={styles.card}>
        <h2>Клиенты</h2>
        <DataTable
          value={data.customers}
          dataKey="id"
          header={header}
          filters={filters}
          globalFilterFields={['name', 'company', 'city']}
          filterDisplay="row"
          paginator
          rows={5}
          rowsPerPageOptions={[5, 10, 25]}
          selectionMode="checkbox"
          selection={selected}
          onSelectionChange={(e) => setSelected(e.value as Customer[])}
          expandedRows={expanded}
          onRowToggle={(e) => setExpanded(e.data as Record<string, boolean>)}
          rowExpansionTemplate={(c: Customer) => (
            <p className={styles.muted}>
              {c.name}, {c.company}: первый контакт {formatIsoDate(c.date)}, сумма сделки {formatMoney(c.amount)}.
            </p>
          )}
          emptyMessage="Ничего не найдено."
          scrollable
          tableStyle={{ minWidth: '56rem' }}
        >
          <Column expander style={{ width: '3rem' }} />
          <Column selectionMode="multiple" headerStyle={{ width: '3rem' }} />
          <Column field="name" header="Имя" sortable />
          <Column field="company" header="Компания" sortable />
          <Column field="city" header="Город" sortable />
          <Column field="date" header="Дата" sortable body={(c: Customer) => formatIsoDate(c.date)} />
          <Column field="status" header="Статус" body={statusTag} filter filterElement={statusFilter} showFilterMenu={false} />
          <Column field="activity" header="Активность" sortable body={(c: Customer) => <ProgressBar value={c.activity} showValue={false} style={{ height: '0.5rem' }} aria-label={`Активность ${c.activity} %`} />} />
          <Column field="amount" header="Сумма" sortable sortFunction={(e) => [...e.data].sort((a: Customer, b: Customer) => dec(a.amount).comparedTo(b.amount) * (e.order ?? 1))} body={(c: Customer) => formatMoney(c.amount)} style={{ textAlign: 'right', whiteSpace: 'nowrap' }} />
        </DataTable>
      </section>
    </>
  );
}
