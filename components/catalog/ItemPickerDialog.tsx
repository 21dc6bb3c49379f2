'use client';

import { AutoComplete } from 'primereact/autocomplete';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { formatMoney } from '@/lib/domain/money';
import { userMessage } from '@/lib/client/messages';
import { catalogApi, type CatalogItem } from './api';
import s from './catalog.module.css';

/**
 * Picks a catalogue item for a specification line: the field searches names and articles as you type (archived
 * items are not offered). «Оставить свободный текст» unlinks a line that follows an item.
 */
export function ItemPickerDialog({ title, linked, onPick, onUnlink, onClose }: { title: string; linked: boolean; onPick: (item: CatalogItem) => void; onUnlink: () => void; onClose: () => void }) {
  const [text, setText] = useState<string | CatalogItem>('');
  const [found, setFound] = useState<CatalogItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  return (
    <Dialog header={title} visible onHide={onClose} style={{ width: 'min(36rem, 96vw)' }}>
      <div className={s.field}>
        <label htmlFor="line-item">Позиция номенклатуры</label>
        <AutoComplete
          inputId="line-item"
          value={text}
          suggestions={found}
          field="name"
          autoFocus
          delay={200}
          placeholder="Наименование или артикул"
          emptyMessage="Не найдено"
          completeMethod={(e) => {
            setError(null);
            catalogApi.list({ q: e.query.trim(), archived: 'no', limit: 20 }).then(
              (r) => setFound(r.items),
              (err: unknown) => {
                setFound([]);
                setError(userMessage(err));
              },
            );
          }}
          itemTemplate={(i: CatalogItem) => (
            <span>
              {i.name}
              <span className={s.muted}>
                {i.article ? ` · ${i.article}` : ''} · {i.unit}
                {i.price ? ` · ${formatMoney(i.price.price)}` : ''}
              </span>
            </span>
          )}
          onChange={(e) => setText(e.value as string | CatalogItem)}
          onSelect={(e) => onPick(e.value as CatalogItem)}
        />
      </div>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      {linked && (
        <button type="button" className="p-button p-button-text p-button-sm" onClick={onUnlink}>
          Оставить свободный текст (отвязать от номенклатуры)
        </button>
      )}
    </Dialog>
  );
}
