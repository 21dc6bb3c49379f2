'use client';

import { Badge } from 'primereact/badge';
import { Button } from 'primereact/button';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '@/lib/domain/format/date';
import { DemoPageHeader } from '../DemoPageHeader';
import { newDemoId, useDemoStore } from '../store';
import sample from '../data/chat.json';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import c from './chat.module.css';

interface Contact {
  id: string;
  name: string;
  role: string;
  color: string;
  online: boolean;
  unread: number;
}
interface Message {
  id: string;
  mine: boolean;
  text: string;
  at: string;
}
interface ChatData {
  contacts: Contact[];
  messages: Record<string, Message[]>;
}

const SAMPLE = sample as ChatData;
const initials = (name: string) =>
  name
    .split(' ')
    .map((w) => w[0])
    .join('')
    .slice(0, 2);

/** `/apps/chat`: contacts with search and unread badges, a conversation, sending a message. */
export function ChatApp() {
  const { state, set, reset, error } = useDemoStore('chat', SAMPLE);
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [phoneList, setPhoneList] = useState(true);
  const bottom = useRef<HTMLDivElement>(null);

  const q = search.trim().toLocaleLowerCase('ru');
  const contacts = state.contacts.filter((ct) => !q || `${ct.name} ${ct.role}`.toLocaleLowerCase('ru').includes(q));
  const current = state.contacts.find((ct) => ct.id === openId) ?? null;
  const messages = current ? (state.messages[current.id] ?? []) : [];

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, current?.id]);

  const open = (id: string) => {
    setOpenId(id);
    setPhoneList(false);
    if (state.contacts.some((ct) => ct.id === id && ct.unread > 0)) {
      set((st) => ({ ...st, contacts: st.contacts.map((ct) => (ct.id === id ? { ...ct, unread: 0 } : ct)) }));
    }
  };

  const send = () => {
    const body = text.trim();
    if (!body || !current) return;
    const msg: Message = { id: newDemoId('m'), mine: true, text: body.slice(0, 2000), at: new Date().toISOString() };
    set((st) => ({ ...st, messages: { ...st.messages, [current.id]: [...(st.messages[current.id] ?? []), msg] } }));
    setText('');
  };

  const totalUnread = state.contacts.reduce((n, ct) => n + ct.unread, 0);

  return (
    <>
      <DemoPageHeader description={totalUnread ? `Непрочитанных сообщений: ${totalUnread}.` : 'Все сообщения прочитаны.'} onReset={reset} />
      {error && <p role="alert" className={s.error}>{error}</p>}
      <div className={`${ui.card} ${c.chat}`}>
        <aside className={`${c.contacts} ${phoneList ? '' : c.phoneHidden}`} aria-label="Контакты">
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText className={s.full} placeholder="Поиск контакта" aria-label="Поиск контакта" value={search} onChange={(e) => setSearch(e.target.value)} />
          </IconField>
          <ul className={`${s.list} ${s.navList}`}>
            {contacts.map((ct) => (
              <li key={ct.id}>
                <button type="button" className={ct.id === current?.id ? s.navActive : ''} onClick={() => open(ct.id)} aria-current={ct.id === current?.id}>
                  <span className={s.avatar} style={{ background: ct.color }} aria-hidden>
                    {initials(ct.name)}
                  </span>
                  <span className={s.itemBody}>
                    <span className={c.name}>
                      {ct.name}
                      {ct.online && <span className={c.online} title="В сети" />}
                    </span>
                    <span className={`${s.muted} ${s.small}`}>{ct.role}</span>
                  </span>
                  {ct.unread > 0 && <Badge value={ct.unread} className={s.navCount} aria-label={`непрочитанных: ${ct.unread}`} />}
                </button>
              </li>
            ))}
          </ul>
          {contacts.length === 0 && <p className={s.muted}>Никого не нашли.</p>}
        </aside>
        <section className={`${c.talk} ${phoneList ? c.phoneHidden : ''}`} aria-label={current ? `Разговор: ${current.name}` : 'Разговор'}>
          {current ? (
            <>
              <header className={c.talkHead}>
                <Button icon="pi pi-arrow-left" text rounded className={c.back} aria-label="К контактам" onClick={() => setPhoneList(true)} />
                <span className={s.avatar} style={{ background: current.color }} aria-hidden>
                  {initials(current.name)}
                </span>
                <div className={s.itemBody}>
                  <h2 className={c.talkTitle}>{current.name}</h2>
                  <span className={`${s.muted} ${s.small}`}>{current.online ? 'в сети' : 'не в сети'}</span>
                </div>
              </header>
              <div className={c.messages} role="log" aria-label="Сообщения">
                {messages.length === 0 && <p className={s.muted}>Сообщений пока нет — напишите первым.</p>}
                {messages.map((m) => (
                  <div key={m.id} className={`${c.bubble} ${m.mine ? c.mine : ''}`}>
                    <div>{m.text}</div>
                    <time className={c.time} dateTime={m.at}>
                      {formatDateTime(new Date(m.at))}
                    </time>
                  </div>
                ))}
                <div ref={bottom} />
              </div>
              <form
                className={c.compose}
                onSubmit={(e) => {
                  e.preventDefault();
                  send();
                }}
              >
                <InputText className={s.grow} placeholder="Сообщение" aria-label="Сообщение" value={text} maxLength={2000} onChange={(e) => setText(e.target.value)} />
                <Button type="submit" icon="pi pi-send" aria-label="Отправить" disabled={!text.trim()} />
              </form>
            </>
          ) : (
            <p className={s.muted}>Выберите контакт слева, чтобы открыть разговор.</p>
          )}
        </section>
      </div>
    </>
  );
}
