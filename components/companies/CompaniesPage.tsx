'use client';

import dynamic from 'next/dynamic';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { Company } from '@/lib/schemas/companies';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { useToast } from '@/components/layout/ToastProvider';
import { useConfirm } from '@/components/layout/use-confirm';
import { companiesApi, type ListQuery, type Scope } from './api';
import s from './companies.module.css';
import { ListLoading } from '@/components/layout/ListLoading';

// The card (requisites, accounts, costing defaults) loads when a company is opened or created.
const CompanyDialog = dynamic(() => import('./CompanyDialog').then((m) => m.CompanyDialog), { ssr: false });
// The table (and its paginator) loads with the list's first answer; the import errors' dialog when there are any.
const CompaniesTable = dynamic(() => import('./CompaniesTable').then((m) => m.CompaniesTable), {
  ssr: false,
  loading: ListLoading,
});
const Dialog = dynamic(() => import('primereact/dialog').then((m) => m.Dialog), { ssr: false });

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
  const confirm = useConfirm();
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

  const askDelete = (c: Company) =>
    confirm.ask({
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
      <CompaniesTable
        rows={rows}
        total={total}
        query={query}
        loading={loading}
        setQuery={setQuery}
        onOpen={(c) => setEditing({ company: c, key: Date.now() })}
        onDelete={askDelete}
      />
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
      {confirm.dialog}
      {importErrors && (
        <Dialog header="Файл не загружен" visible onHide={() => setImportErrors(null)} style={{ width: 'min(40rem, 96vw)' }}>
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
        </Dialog>
      )}
    </section>
  );
}
