'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { formatDate } from '@/lib/domain/format/date';
import { plural } from '@/lib/domain/format/plural';
import { useToast } from '@/components/layout/ToastProvider';
import { useDemoStore } from '../store';
import s from '../apps.module.css';
import { applyAction, lettersIn, MAIL_KEY, MAIL_SAMPLE, viewLabel, type MailAction, type View } from './mail';
import { MailShell } from './MailShell';
import m from './mail.module.css';

const FORMS = ['письмо', 'письма', 'писем'] as const;
const DONE: Partial<Record<MailAction, string>> = {
  archive: 'перенесено в архив',
  spam: 'перенесено в спам',
  trash: 'перенесено в корзину',
  restore: 'восстановлено',
  purge: 'удалено навсегда',
};

/** `/apps/mail/{view}`: a folder's letters — search, select, bulk actions; star and mark important in a row. */
export function MailFolder({ view }: { view: View }) {
  const { state, set, reset, error } = useDemoStore(MAIL_KEY, MAIL_SAMPLE);
  const toast = useToast();
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [search, setSearch] = useState('');

  const q = search.trim().toLocaleLowerCase('ru');
  const letters = lettersIn(state.letters, view).filter((l) => !q || `${l.from.name} ${l.to.name} ${l.subject} ${l.body}`.toLocaleLowerCase('ru').includes(q));
  const chosen = letters.filter((l) => picked.has(l.id));
  const all = letters.length > 0 && chosen.length === letters.length;

  const act = (action: MailAction, ids: Set<string>) => {
    set((st) => ({ letters: applyAction(st.letters, ids, action) }));
    const done = DONE[action];
    if (done) toast.show({ severity: 'success', summary: `${ids.size} ${plural(ids.size, FORMS)} — ${done}` });
    setPicked(new Set());
  };
  const bulk = (action: MailAction) => act(action, new Set(chosen.map((l) => l.id)));
  const toggle = (id: string, on: boolean) =>
    setPicked((p) => {
      const n = new Set(p);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });

  const inTrash = view === 'trash';
  const restorable = inTrash || view === 'spam' || view === 'archived';

  return (
    <MailShell data={state} view={view} reset={reset} error={error}>
      <h2 className={m.subjectTitle}>{viewLabel(view)}</h2>
      <div className={s.toolbar}>
        <Checkbox
          inputId="mail-all"
          checked={all}
          disabled={!letters.length}
          onChange={(e) => setPicked(e.checked ? new Set(letters.map((l) => l.id)) : new Set())}
          aria-label="Выбрать все письма"
        />
        {chosen.length > 0 ? (
          <>
            <span className={s.muted}>Выбрано: {chosen.length}</span>
            <Button label="Прочитано" icon="pi pi-envelope" size="small" text onClick={() => bulk('read')} />
            {!inTrash && view !== 'archived' && view !== 'sent' && <Button label="В архив" icon="pi pi-box" size="small" text onClick={() => bulk('archive')} />}
            {!inTrash && view !== 'spam' && view !== 'sent' && <Button label="В спам" icon="pi pi-ban" size="small" text onClick={() => bulk('spam')} />}
            {restorable && <Button label={view === 'spam' ? 'Не спам' : 'Восстановить'} icon="pi pi-replay" size="small" text onClick={() => bulk('restore')} />}
            {inTrash ? (
              <Button label="Удалить навсегда" icon="pi pi-times" size="small" text severity="danger" onClick={() => bulk('purge')} />
            ) : (
              <Button label="Удалить" icon="pi pi-trash" size="small" text severity="danger" onClick={() => bulk('trash')} />
            )}
          </>
        ) : (
          <IconField iconPosition="left" className={s.grow}>
            <InputIcon className="pi pi-search" />
            <InputText className={s.full} placeholder="Поиск писем" aria-label="Поиск писем" value={search} onChange={(e) => setSearch(e.target.value)} />
          </IconField>
        )}
      </div>
      <ul className={s.list} aria-label={`Письма: ${viewLabel(view)}`}>
        {letters.map((l) => {
          const who = l.folder === 'sent' ? `Кому: ${l.to.name}` : l.from.name;
          return (
            <li key={l.id} className={`${m.row} ${l.read ? '' : m.unread}`}>
              <Checkbox checked={picked.has(l.id)} onChange={(e) => toggle(l.id, !!e.checked)} aria-label={`Выбрать «${l.subject}»`} />
              <Button
                icon={l.starred ? 'pi pi-star-fill' : 'pi pi-star'}
                text
                rounded
                size="small"
                className={l.starred ? m.starOn : ''}
                aria-label={l.starred ? 'Снять пометку' : 'Пометить'}
                aria-pressed={l.starred}
                onClick={() => act(l.starred ? 'unstar' : 'star', new Set([l.id]))}
              />
              <Button
                icon={l.important ? 'pi pi-bookmark-fill' : 'pi pi-bookmark'}
                text
                rounded
                size="small"
                className={`${l.important ? m.impOn : ''} ${s.hideOnPhone}`}
                aria-label={l.important ? 'Не важное' : 'Важное'}
                aria-pressed={l.important}
                onClick={() => act(l.important ? 'unimportant' : 'important', new Set([l.id]))}
              />
              <Link href={`/apps/mail/detail/${l.id}`} className={m.open}>
                <span className={m.sender}>{who}</span>
                <span className={m.subject}>{l.subject}</span>
                <span className={m.date}>{formatDate(new Date(l.date))}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {letters.length === 0 && <p className={s.muted}>{q ? 'Ничего не нашли.' : 'Писем нет.'}</p>}
    </MailShell>
  );
}
