'use client';

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { formatDate } from '@/lib/domain/format/date';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { FileObject } from '@/lib/schemas/files';
import { files } from './api';

const ACCESS = [
  { label: 'Просмотр', value: 'read' },
  { label: 'Изменение', value: 'edit' },
];

/** «Доступ»: share by login with read or edit, the list of who has access, revoke. */
export function ShareDialog({ object, onClose }: { object: FileObject; onClose: () => void }) {
  const [login, setLogin] = useState('');
  const [access, setAccess] = useState<'read' | 'edit'>('read');
  const [actionError, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shares = useLoad(() => files.shares(object.id), [object.id], { keep: true });
  const { reload } = shares;
  const list = shares.data?.shares ?? null;
  const error = actionError ?? shares.error;

  const add = async () => {
    if (!login.trim()) {
      setError('Введите логин (e-mail) пользователя.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await files.share(object.id, login.trim(), access);
      setLogin('');
      reload();
    } catch (e) {
      setError(isApiError(e) ? (e.fields?.login ? `${userMessage(e)}` : userMessage(e)) : userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (l: string) => {
    try {
      await files.unshare(object.id, l);
      reload();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  return (
    <Dialog header={`Доступ: ${object.name}`} visible onHide={onClose} style={{ width: '34rem', maxWidth: '95vw' }} modal>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
        style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'flex-end' }}
      >
        <div style={{ flex: '1 1 14rem' }}>
          <label htmlFor="share-login" style={{ display: 'block', marginBottom: '0.35rem' }}>
            Логин (e-mail)
          </label>
          <InputText id="share-login" value={login} onChange={(e) => setLogin(e.target.value)} style={{ width: '100%' }} autoFocus />
        </div>
        <SelectButton value={access} options={ACCESS} onChange={(e) => e.value && setAccess(e.value as 'read' | 'edit')} allowEmpty={false} aria-label="Права" />
        <Button type="submit" label="Открыть доступ" loading={busy} />
      </form>
      {error && (
        <div role="alert" className="p-error" style={{ marginTop: '0.5rem' }}>
          {error}
        </div>
      )}
      <h3 style={{ marginTop: '1rem' }}>У кого есть доступ</h3>
      {list === null ? (
        <p>Загрузка…</p>
      ) : list.length === 0 ? (
        <p>Пока ни у кого. Файл видите только вы.</p>
      ) : (
        <ul aria-label="Доступ открыт" style={{ listStyle: 'none', padding: 0 }}>
          {list.map((x) => (
            <li key={x.login} style={{ display: 'flex', alignItems: 'center', gap: '0.5rem', padding: '0.25rem 0' }}>
              <span style={{ flex: 1 }}>
                {x.login} — {x.access === 'edit' ? 'изменение' : 'просмотр'}, с {formatDate(new Date(x.created_at))}
              </span>
              <Button type="button" text severity="danger" size="small" label="Закрыть доступ" aria-label={`Закрыть доступ ${x.login}`} onClick={() => void revoke(x.login)} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
