'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { countOf } from '@/lib/domain/format/plural';
import { useLoad } from '@/lib/client/use-load';
import type { ItemType } from '@/lib/schemas/catalog';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { catalogApi, type CatalogItem } from './api';
import { BulkBar, ITEMS } from './BulkBar';
import { GroupTree } from './GroupTree';
import { ItemTable } from './ItemTable';
import { ITEM_TYPE_OPTIONS } from './labels';
import s from './catalog.module.css';

// Dialogs and panels load on first use: the list itself carries only a plain table.
const ItemDialog = dynamic(() => import('./ItemDialog').then((m) => m.ItemDialog), { ssr: false });
const ItemPanel = dynamic(() => import('./ItemPanel').then((m) => m.ItemPanel), { ssr: false });
const GroupDialog = dynamic(() => import('./GroupDialog').then((m) => m.GroupDialog), { ssr: false });
const ImportWizard = dynamic(() => import('./import/ImportWizard').then((m) => m.ImportWizard), { ssr: false });
const RecalcAllDialog = dynamic(() => import('./RecalcAllDialog').then((m) => m.RecalcAllDialog), { ssr: false });
const WorkCentres = dynamic(() => import('./WorkCentres').then((m) => m.WorkCentres), { ssr: false });

type Archived = 'no' | 'yes' | 'all';
interface Query {
  q: string;
  groupId: string | null;
  type: ItemType | '';
  archived: Archived;
  offset: number;
}
const PAGE = 50;
const NONE: CatalogItem[] = [];

type Open = { kind: 'edit'; item: CatalogItem | null; key: number } | { kind: 'item'; id: string } | { kind: 'group' } | { kind: 'import' } | { kind: 'recalc' } | null;

/**
 * `/catalog` «Номенклатура»: items with search, filters by type, group and archive, bulk edit, the item card
 * with prices, supplier price lists import, «Пересчитать все»; a second tab holds work centres.
 * `/catalog?item=…` opens that item.
 */
export function CatalogPage({ openItemId, tab }: { openItemId?: string; tab?: 'work' }) {
  const [view, setView] = useState<'items' | 'work'>(tab === 'work' ? 'work' : 'items');
  const [query, setQuery] = useState<Query>({ q: '', groupId: null, type: '', archived: 'no', offset: 0 });
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<Open>(openItemId ? { kind: 'item', id: openItemId } : null);
  const list = useLoad(
    (signal) =>
      catalogApi.list(
        { q: query.q, groupId: query.groupId ?? undefined, type: query.type || undefined, archived: query.archived, offset: query.offset, limit: PAGE },
        signal,
      ),
    [query],
    { keep: true, enabled: view === 'items' },
  );
  const groupsLoad = useLoad((signal) => catalogApi.groups(signal), []);
  const groups = useMemo(() => groupsLoad.data?.groups ?? [], [groupsLoad.data]);
  const items = list.data?.items ?? NONE;
  const total = list.data?.total ?? 0;

  // Search as you type, 300 ms after the last key.
  useEffect(() => {
    const t = setTimeout(() => setQuery((q) => (q.q === text.trim() ? q : { ...q, q: text.trim(), offset: 0 })), 300);
    return () => clearTimeout(t);
  }, [text]);

  const onCheck = useCallback((id: string, on: boolean) => setSelected((prev) => {
    const next = new Set(prev);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  }), []);
  const onOpen = useCallback((item: CatalogItem) => setOpen({ kind: 'item', id: item.id }), []);
  const chosen = items.filter((i) => selected.has(i.id));
  const reloadAll = () => {
    list.reload();
    groupsLoad.reload();
  };
  const filter = (patch: Partial<Query>) => {
    setSelected(new Set());
    setQuery((q) => ({ ...q, ...patch, offset: 0 }));
  };

  return (
    <section aria-labelledby="catalog-title" className={s.page}>
      <PageBreadcrumb items={['Калькулятор', 'Номенклатура']} />
      <h1 id="catalog-title" style={{ margin: 0 }}>
        Номенклатура
      </h1>
      <div className={s.toolbar} role="tablist" aria-label="Разделы номенклатуры">
        <button type="button" role="tab" aria-selected={view === 'items'} className={`p-button p-button-sm ${view === 'items' ? '' : 'p-button-outlined'}`} onClick={() => setView('items')}>
          Материалы и услуги
        </button>
        <button type="button" role="tab" aria-selected={view === 'work'} className={`p-button p-button-sm ${view === 'work' ? '' : 'p-button-outlined'}`} onClick={() => setView('work')}>
          Рабочие центры
        </button>
      </div>
      {view === 'work' ? (
        <WorkCentres />
      ) : (
        <>
          <div className={s.toolbar}>
            <span className={s.grow}>
              <input
                type="search"
                className="p-inputtext p-component"
                placeholder="Поиск по наименованию или артикулу"
                aria-label="Поиск по наименованию или артикулу"
                value={text}
                onChange={(e) => setText(e.target.value)}
              />
            </span>
            <select className={s.select} aria-label="Тип" value={query.type} onChange={(e) => filter({ type: e.target.value as ItemType | '' })}>
              <option value="">Все типы</option>
              {ITEM_TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <select className={s.select} aria-label="Архив" value={query.archived} onChange={(e) => filter({ archived: e.target.value as Archived })}>
              <option value="no">Действующие</option>
              <option value="yes">В архиве</option>
              <option value="all">Все</option>
            </select>
            <button type="button" className="p-button" onClick={() => setOpen({ kind: 'edit', item: null, key: Date.now() })}>
              <i className="pi pi-plus" aria-hidden="true" />
              &nbsp;Добавить
            </button>
            <button type="button" className="p-button p-button-outlined" onClick={() => setOpen({ kind: 'import' })}>
              <i className="pi pi-upload" aria-hidden="true" />
              &nbsp;Импорт прайс-листа
            </button>
            <button type="button" className="p-button p-button-outlined" onClick={() => setOpen({ kind: 'recalc' })}>
              <i className="pi pi-refresh" aria-hidden="true" />
              &nbsp;Пересчитать все
            </button>
          </div>
          <div className={s.layout}>
            <div>
              <GroupTree groups={groups} value={query.groupId} onChange={(groupId) => filter({ groupId })} />
              <button type="button" className="p-button p-button-text p-button-sm" onClick={() => setOpen({ kind: 'group' })}>
                <i className="pi pi-plus" aria-hidden="true" />
                &nbsp;Новая группа
              </button>
            </div>
            <div className={s.page}>
              {chosen.length > 0 && <BulkBar items={chosen} groups={groups} onDone={() => { setSelected(new Set()); reloadAll(); }} onClear={() => setSelected(new Set())} />}
              {(list.error || groupsLoad.error) && (
                <p role="alert" className={s.error}>
                  {list.error ?? groupsLoad.error}
                </p>
              )}
              <ItemTable
                items={items}
                selected={selected}
                onCheck={onCheck}
                onCheckAll={(on) => setSelected(on ? new Set(items.map((i) => i.id)) : new Set())}
                onOpen={onOpen}
                busy={list.loading}
                empty={query.q || query.type || query.groupId || query.archived !== 'no' ? 'Ничего не найдено.' : 'Номенклатура пуста — добавьте позицию или загрузите прайс-лист поставщика.'}
              />
              {total > PAGE && (
                <div className={s.pager}>
                  <span className={s.muted}>{`${query.offset + 1}–${Math.min(query.offset + PAGE, total)} из ${countOf(total, ITEMS, String(total))}`}</span>
                  <button type="button" className="p-button p-button-sm p-button-text" disabled={query.offset === 0} onClick={() => setQuery((q) => ({ ...q, offset: Math.max(0, q.offset - PAGE) }))}>
                    Назад
                  </button>
                  <button type="button" className="p-button p-button-sm p-button-text" disabled={query.offset + PAGE >= total} onClick={() => setQuery((q) => ({ ...q, offset: q.offset + PAGE }))}>
                    Дальше
                  </button>
                </div>
              )}
            </div>
          </div>
        </>
      )}
      {open?.kind === 'edit' && (
        <ItemDialog
          key={open.key}
          item={open.item}
          groups={groups}
          defaultGroupId={query.groupId}
          onClose={() => setOpen(null)}
          onSaved={(item) => {
            setOpen({ kind: 'item', id: item.id });
            reloadAll();
          }}
        />
      )}
      {open?.kind === 'item' && (
        <ItemPanel
          id={open.id}
          onClose={() => setOpen(null)}
          onEdit={(item) => setOpen({ kind: 'edit', item, key: Date.now() })}
          onChanged={reloadAll}
        />
      )}
      {open?.kind === 'group' && (
        <GroupDialog
          groups={groups}
          parentId={query.groupId}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            groupsLoad.reload();
          }}
        />
      )}
      {open?.kind === 'import' && (
        <ImportWizard
          onClose={() => {
            // An apply may have ended (or still be running) out of the wizard's sight: the list is read again.
            setOpen(null);
            reloadAll();
          }}
          onApplied={reloadAll}
        />
      )}
      {open?.kind === 'recalc' && <RecalcAllDialog onClose={() => setOpen(null)} />}
    </section>
  );
}
