'use client';

import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { formatDate, isoOfLocalDay } from '@/lib/domain/format/date';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { FileObject } from '@/lib/schemas/files';
import { files } from './api';

/** «Публичная ссылка»: make a link (optional expiry date and password), copy it, list and revoke links. */
export function LinkDialog({ object, onClose }: { object: FileObject; onClose: () => void }) {
  const [expires, setExpires] = useState<Date | null>(null);
  const [password, setPassword] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [actionError, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const links = useLoad(() => files.links(object.id), [object.id], { keep: true });
  const { reload } = links;
  const list = links.data?.links ?? null;
  const error = actionError ?? links.error;

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await files.createLink(object.id, {
        ...(expires ? { expiresAt: isoOfLocalDay(expires) } : {}),
        ...(password ? { password } : {}),
      });
      setMade(r.link);
      setCopied(false);
      setPassword('');
      reload();
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made);
      setCopied(true);
    } catch {
      setError('Не удалось скопировать: выделите ссылку и скопируйте вручную.');
    }
  };
  const revoke = async (id: string) => {
    try {
      await files.revokeLink(id);
      reload();
    } catch (e) {
      setError(userMessage(e));
    }
  };
  return (
    <Dialog header={`Публичная ссылка: ${object.name}`} visible onHide={onClose} style={{ width: '36rem', maxWidth: '95vw' }} modal>
      <div style={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <div>
          <label htmlFor="link-expires" style={{ display: 'block', marginBottom: '0.35rem' }}>
            Действует до (необязательно)
          </label>
          <Calendar inputId="link-expires" value={expires} onChange={(e) => setExpires(e.value ?? null)} dateFormat="dd.mm.yy" minDate={new Date()} showButtonBar />
        </div>
        <div>
          <label htmlFor="link-password" style={{ display: 'block', marginBottom: '0.35rem' }}>
            Пароль (необязательно)
          </label>
          <Password inputId="link-password" value={password} onChange={(e) => setPassword(e.target.value)} feedback={false} toggleMask />
        </div>
        <Button type="button" label="Создать ссылку" loading={busy} onClick={() => void create()} />
      </div>
      {made && (
        <div style={{ display: 'flex', gap: '0.5rem', marginTop: '0.75rem' }}>
          <InputText value={made} readOnly aria-label="Ссылка" style={{ flex: 1 }} onFocus={(e) => e.target.select()} />
          <Button type="button" icon="pi pi-copy" label={copied ? 'Скопировано' : 'Копировать'} onClick={() => void copy()} />
        </div>
      )}
      {error && (
        <div role="alert" className="p-error" style={{ marginTop: '0.5rem' }}>
          {error}
        </div>
      )}
      <h3 style={{ marginTop: '1rem' }}>Действующие ссылки</h3>
      {list === null ? (
        <p>Загрузка…</p>
      ) : list.length === 0 ? (
        <p>Ссылок нет.</p>
      ) : (
        <ul aria-label="Ссылки" style={{ listStyle: 'none', padding: 0 }}>
          {list.map((l) => (
            <li key={l.id} style={{ display: 'flex', alignItems: 'center', gap: '0.5rem', padding: '0.25rem 0' }}>
              <span style={{ flex: 1 }}>
                Создана {formatDate(new Date(l.created_at))}
                {l.expires_at ? `, до ${formatDate(new Date(l.expires_at))}` : ', бессрочная'}
                {l.has_password ? ', с паролем' : ''}
                {l.expired ? ' — срок истёк' : ''}
              </span>
              <Button type="button" text severity="danger" size="small" label="Отозвать" onClick={() => void revoke(l.id)} />
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
