'use client';

import { useState } from 'react';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { countOf, type Forms } from '@/lib/domain/format/plural';
import { useToast } from '@/components/layout/ToastProvider';
import { catalogApi, type CatalogGroup, type CatalogItem } from './api';
import { groupPaths } from './GroupTree';
import s from './catalog.module.css';

export const ITEMS: Forms = ['позиция', 'позиции', 'позиций'];

/**
 * Bulk edit of the checked items: move to a group, set the waste %, archive or take out of the archive. One
 * call for all of them (a stale one refuses the whole change with 409).
 */
export function BulkBar({ items, groups, onDone, onClear }: { items: CatalogItem[]; groups: CatalogGroup[]; onDone: () => void; onClear: () => void }) {
  const toast = useToast();
  const [groupId, setGroupId] = useState('');
  const [waste, setWaste] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const apply = async (patch: { groupId?: string | null; wastePct?: string; archived?: boolean }, done: string) => {
    setBusy(true);
    setError(null);
    try {
      await catalogApi.bulk({ items: items.map((i) => ({ id: i.id, version: i.version })), patch });
      toast.show({ severity: 'success', summary: done, detail: countOf(items.length, ITEMS) });
      onDone();
    } catch (e) {
      setError(isApiError(e) && e.fields ? Object.values(e.fields).join(' ') : userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const allArchived = items.every((i) => i.archived);
  return (
    <div className={s.bulk} role="region" aria-label="Изменить выбранные">
      <b>Выбрано: {countOf(items.length, ITEMS)}</b>
      <select className={s.select} aria-label="Группа для выбранных" value={groupId} onChange={(e) => setGroupId(e.target.value)}>
        <option value="">— группа —</option>
        <option value="none">без группы</option>
        {groupPaths(groups).map((g) => (
          <option key={g.id} value={g.id}>
            {g.label}
          </option>
        ))}
      </select>
      <button type="button" className="p-button p-button-sm" disabled={busy || !groupId} onClick={() => void apply({ groupId: groupId === 'none' ? null : groupId }, 'Группа изменена')}>
        Перенести
      </button>
      <input className="p-inputtext p-component" style={{ width: '6rem' }} inputMode="decimal" aria-label="Отходы для выбранных, %" placeholder="отходы, %" value={waste} onChange={(e) => setWaste(e.target.value)} />
      <button type="button" className="p-button p-button-sm" disabled={busy || !waste.trim()} onClick={() => void apply({ wastePct: waste }, 'Отходы изменены')}>
        Задать отходы
      </button>
      <button type="button" className="p-button p-button-sm p-button-outlined" disabled={busy} onClick={() => void apply({ archived: !allArchived }, allArchived ? 'Возвращены из архива' : 'Перенесены в архив')}>
        {allArchived ? 'Вернуть из архива' : 'В архив'}
      </button>
      <button type="button" className="p-button p-button-sm p-button-text" onClick={onClear}>
        Снять выбор
      </button>
      {error && (
        <span className={s.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
