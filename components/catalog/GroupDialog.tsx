'use client';

import { Dialog } from 'primereact/dialog';
import { DialogFooter } from '@/components/layout/DialogFooter';
import { useState } from 'react';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { catalogApi, type CatalogGroup } from './api';
import { groupPaths } from './GroupTree';
import s from './catalog.module.css';

/** A new group of the catalogue, at the top or inside another group. */
export function GroupDialog({ groups, parentId, onClose, onSaved }: { groups: CatalogGroup[]; parentId: string | null; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [parent, setParent] = useState(parentId ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await catalogApi.createGroup(name, parent || null);
      onSaved();
    } catch (e) {
      setError(isApiError(e) && e.fields ? Object.values(e.fields).join(' ') : userMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog
      header="Новая группа"
      visible
      onHide={onClose}
      style={{ width: 'min(28rem, 96vw)' }}
      footer={<DialogFooter label="Создать" onCancel={onClose} form="group-form" loading={saving} />}
    >
      <form
        id="group-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className={s.field}>
          <label htmlFor="group-name">Название группы</label>
          <input id="group-name" className={`p-inputtext p-component ${error ? 'p-invalid' : ''}`} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoFocus />
        </div>
        <div className={s.field}>
          <label htmlFor="group-parent">Внутри группы</label>
          <select id="group-parent" className={s.select} value={parent} onChange={(e) => setParent(e.target.value)}>
            <option value="">— верхний уровень —</option>
            {groupPaths(groups).map((g) => (
              <option key={g.id} value={g.id}>
                {g.label}
              </option>
            ))}
          </select>
        </div>
        {error && (
          <p className={s.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
