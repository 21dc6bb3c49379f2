'use client';

import dynamic from 'next/dynamic';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useEffect, useRef, useState } from 'react';
import { COMPANY_KIND_SHORT, TAX_REGIME_TITLES } from '@/lib/domain/requisites';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { Company, CompanySort } from '@/lib/schemas/companies';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { useToast } from '@/components/layout/ToastProvider';
import { companiesApi, type ListQuery, type Scope } from './api';
import s from './companies.module.css';

// The card (requisites, accounts, costing defaults) loads when a company is opened or created.
const CompanyDialog = dynamic(() => import('./CompanyDialog').then((m) => m.CompanyDialog), { ssr: false });

const NO_COMPANIES: Company[] = [];

const SCOPES: { label: string; value: Scope }[] = [
  { label: 'Все', value: 'all' },
  { label: 'Свои', value: 'own' },
  { label: 'Контрагенты', value: 'counterparties' },
];

/** An XLSX book goes as base64; a CSV as text — UTF-8, or Windows-1251 as older Excel saves it. */
function fileBody(name: string, buf: ArrayBuffer): { csv: string } | { xlsx: string } {
  const bytes = new Uint8Array(buf);
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(name)) {
    let bin = '';
    for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { xlsx: btoa(bin) };
  }
  try {
    return { csv: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { csv: new TextDecoder('windows-1251').decode(bytes) };
  }
}

const SORT_FIELDS: Record<string, 'name' | 'inn' | 'updated_at'> = { fullName: 'name', inn: 'inn', updatedAt: 'updated_at' };
const PAGE = 20;

/**
 * `/companies`: own companies and counterparties — search, filter, sort, pages; card, delete, CSV.
 * `/companies?id=…` (a link from the search) opens that company's card.
 */
export function CompaniesPage({ openId }: { openId?: string }) {
  const toast = useToast();
  const [query, setQuery] = useState<ListQuery>({ search: '', scope: 'all', sort: 'name', offset: 0, limit: PAGE });
  const [searchText, setSearchText] = useState('');
  // The request the table shows; loading while it differs from the current one.
  const [editing, setEditing] = useState<{ company: Company | null; key: number | string } | null>(null);
  const [importErrors, setImportErrors] = useState<{ msg: string; errors: { line: number; fields: Record<string, string> }[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const list = useLoad((signal) => companiesApi.list(query, signal), [query], { keep: true });
  const { reload, loading, error: loadError } = list;
  const rows = list.data?.companies ?? NO_COMPANIES;
  // The card of the company in the address, once per id.
  const opened = useLoad((signal) => companiesApi.get(openId ?? '', signal), [openId], { enabled: Boolean(openId) });
  const [openedId, setOpenedId] = useState<string | null>(null);
  if (openId && opened.data && openedId !== openId) {
    setOpenedId(openId);
    setEditing({ company: opened.data.company as Company, key: `open-${openId}` });
  }
  const total = list.data?.total ?? 0;

  // Search as you type, 300 ms after the last key.
  useEffect(() => {
    const t = setTimeout(() => setQuery((q) => (q.search === searchText.trim() ? q : { ...q, search: searchText.trim(), offset: 0 })), 300);
    return () => clearTimeout(t);
  }, [searchText]);

  const sortField = query.sort.replace('-', '');
  const dtSortField = Object.entries(SORT_FIELDS).find(([, v]) => v === sortField)?.[0];

  const onPageOrSort = (e: DataTableStateEvent) => {
    const field = e.sortField ? SORT_FIELDS[e.sortField] : undefined;
    const sort = (field ? `${e.sortOrder === -1 ? '-' : ''}${field}` : 'name') as CompanySort;
    setQuery((q) => ({ ...q, offset: sort === q.sort ? e.first : 0, limit: e.rows, sort }));
  };

  const askDelete = (c: Company) =>
    confirmDialog({
      header: 'Удалить компанию?',
      message: `«${c.shortName || c.fullName}» будет удалена без возможности восстановления.`,
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Удалить',
      rejectLabel: 'Отмена',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: async () => {
        try {
          await companiesApi.remove(c.id, c.version);
          toast.show({ severity: 'success', summary: 'Компания удалена' });
        } catch (e) {
          toast.show({ severity: 'error', summary: 'Не удалось удалить', detail: userMessage(e) });
        }
        reload();
      },
    });

  const onImportFile = async (file: File) => {
    if (file.size > 5 * 1024 * 1024) {
      toast.show({ severity: 'error', summary: 'Файл слишком большой', detail: 'Не больше 5 МБ.' });
      return;
    }
    const buf = await file.arrayBuffer();
    try {
      const r = await companiesApi.importFile(fileBody(file.name, buf));
      toast.show({ severity: 'success', summary: 'Импорт завершён', detail: r.msg });
      reload();
    } catch (e) {
      if (isApiError(e) && Array.isArray(e.body.errors)) {
        setImportErrors({ msg: e.message, errors: e.body.errors as { line: number; fields: Record<string, string> }[] });
      } else toast.show({ severity: 'error', summary: 'Импорт не выполнен', detail: userMessage(e), life: 8000 });
    }
  };

  return (
    <section aria-labelledby="companies-title">
      <PageBreadcrumb items={['Компании']} />
      <h1 id="companies-title">Компании</h1>
      <div className={s.toolbar}>
        <IconField iconPosition="left" className={s.toolbarGrow}>
          <InputIcon className="pi pi-search" />
          <InputText
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Поиск по названию или ИНН"
            aria-label="Поиск по названию или ИНН"
          />
        </IconField>
        <SelectButton
          value={query.scope}
          options={SCOPES}
          allowEmpty={false}
          onChange={(e) => setQuery((q) => ({ ...q, scope: e.value as Scope, offset: 0 }))}
          aria-label="Какие компании показать"
        />
        <Button icon="pi pi-plus" label="Добавить компанию" onClick={() => setEditing({ company: null, key: Date.now() })} />
        <a className="p-button p-button-outlined" href={companiesApi.exportUrl(query, 'csv')} download>
          <i className="pi pi-download" aria-hidden="true" style={{ marginRight: '0.5rem' }} />
          Экспорт CSV
        </a>
        <a className="p-button p-button-outlined" href={companiesApi.exportUrl(query, 'xlsx')} download>
          <i className="pi pi-file-excel" aria-hidden="true" style={{ marginRight: '0.5rem' }} />
          Экспорт XLSX
        </a>
        <Button icon="pi pi-upload" label="Импорт CSV или XLSX" outlined onClick={() => fileInput.current?.click()} />
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          hidden
          aria-label="Файл CSV или XLSX для импорта"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void onImportFile(f);
          }}
        />
      </div>
      {opened.error && (
        <p role="alert" className={s.error}>
          {opened.error}
        </p>
      )}
      {loadError && (
        <p role="alert" className={s.error}>
          {loadError}
        </p>
      )}
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
        onRowClick={(e) => setEditing({ company: e.data as Company, key: Date.now() })}
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
                  setEditing({ company: c, key: Date.now() });
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
                  askDelete(c);
                }}
              />
            </div>
          )}
        />
      </DataTable>
      {editing && (
        <CompanyDialog
          key={editing.key}
          company={editing.company}
          open
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      <ConfirmDialog />
      <Dialog header="Файл не загружен" visible={!!importErrors} onHide={() => setImportErrors(null)} style={{ width: 'min(40rem, 96vw)' }}>
        {importErrors && (
          <>
            <p>{importErrors.msg}</p>
            <ul className={s.importErrors}>
              {importErrors.errors.map((e) => (
                <li key={e.line}>
                  Строка {e.line}:{' '}
                  {Object.entries(e.fields)
                    .map(([col, msg]) => `${col} — ${msg}`)
                    .join('; ')}
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
    </section>
  );
}
