'use client';

import { IntentLink } from '@/components/layout/IntentLink';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useRef } from 'react';
import type { FileSort, FileType } from '@/lib/schemas/files';
import s from './files.module.css';

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

/** «Новая спецификация» in the open folder (`?folder=` only below the top level). */
const newSpecHref = (folderId: string | null) => `/specifications/create${folderId ? `?folder=${encodeURIComponent(folderId)}` : ''}`;

export interface FileToolbarProps {
  type: FileType;
  root: string | null;
  canWrite: boolean;
  searchText: string;
  onSearchText: (text: string) => void;
  sort: FileSort;
  onSort: (sort: FileSort) => void;
  scope: 'own' | 'shared' | 'all';
  onScope: (scope: 'own' | 'shared') => void;
  view: 'table' | 'tiles';
  onView: (view: 'table' | 'tiles') => void;
  onNewFolder: () => void;
  onFiles: (list: FileList | null) => void;
  /** «Пересчитать все» (specifications whose prices are out of date). */
  onRecalcAll?: () => void;
}

/**
 * The list's toolbar: «Новая спецификация» or «Новая папка» + «Загрузить» (where the user may write),
 * «Шаблоны документов» (documents), search, sort, «Мои / Доступные мне» (top level) and the view switch.
 */
export function FileToolbar(p: FileToolbarProps) {
  const input = useRef<HTMLInputElement>(null);
  const specs = p.type === 'specifications';
  return (
    <div className={s.toolbar}>
      {p.canWrite && specs && (
        <>
          <IntentLink href={newSpecHref(p.root)} className="p-button">
            <i className="pi pi-plus" aria-hidden="true" />
            &nbsp;Новая спецификация
          </IntentLink>
          <Button type="button" icon="pi pi-folder-plus" label="Новая папка" outlined onClick={p.onNewFolder} />
          {p.onRecalcAll && <Button type="button" icon="pi pi-refresh" label="Пересчитать все" outlined onClick={p.onRecalcAll} />}
        </>
      )}
      {p.canWrite && !specs && (
        <>
          <Button type="button" icon="pi pi-folder-plus" label="Новая папка" onClick={p.onNewFolder} />
          <Button type="button" icon="pi pi-upload" label="Загрузить" outlined onClick={() => input.current?.click()} />
          <input
            ref={input}
            type="file"
            multiple
            hidden
            aria-label="Выбрать файлы для загрузки"
            onChange={(e) => {
              p.onFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </>
      )}
      {p.type === 'documents' && (
        <IntentLink href="/documents/templates" className="p-button p-button-text">
          <i className="pi pi-file-word" aria-hidden="true" />
          &nbsp;Шаблоны документов
        </IntentLink>
      )}
      <IconField iconPosition="left" className={s.grow}>
        <InputIcon className="pi pi-search" />
        <InputText value={p.searchText} onChange={(e) => p.onSearchText(e.target.value)} placeholder="Поиск по названию" aria-label="Поиск по названию" />
      </IconField>
      {/* A native list: the page shows it at once, without the code of a PrimeReact dropdown. */}
      <select className={`p-inputtext p-component ${s.sort}`} value={p.sort} onChange={(e) => p.onSort(e.target.value as FileSort)} aria-label="Сортировка">
        {SORTS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {!p.root && (
        <SelectButton
          value={p.scope}
          options={SCOPES}
          allowEmpty={false}
          onChange={(e) => e.value && p.onScope(e.value as 'own' | 'shared')}
          aria-label="Чьи файлы"
        />
      )}
      <SelectButton
        value={p.view}
        options={VIEWS}
        allowEmpty={false}
        onChange={(e) => e.value && p.onView(e.value as 'table' | 'tiles')}
        itemTemplate={(o: { icon: string; label: string }) => <i className={o.icon} aria-label={o.label} title={o.label} />}
        aria-label="Вид"
      />
    </div>
  );
}
