'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { useEffect } from 'react';
import { formatDateTime } from '@/lib/domain/format/date';
import { useAppRouter } from '@/components/layout/use-app-router';
import { useToast } from '@/components/layout/ToastProvider';
import { useDemoStore } from '../store';
import s from '../apps.module.css';
import { applyAction, MAIL_KEY, MAIL_SAMPLE, viewLabel, type MailAction } from './mail';
import { MailShell } from './MailShell';
import m from './mail.module.css';

/** `/apps/mail/detail/{id}`: a letter — reply, star, important, archive, spam, trash, restore. */
export function MailDetail({ id }: { id: string }) {
  const { state, set, reset, error } = useDemoStore(MAIL_KEY, MAIL_SAMPLE);
  const router = useAppRouter();
  const toast = useToast();
  const letter = state.letters.find((l) => l.id === id);

  useEffect(() => {
    if (letter && !letter.read) set((st) => ({ letters: applyAction(st.letters, new Set([id]), 'read') }));
  }, [letter, id, set]);

  if (!letter) {
    return (
      <MailShell data={state} view={null} reset={reset} error={error}>
        <p>Письмо не найдено: его удалили навсегда или сбросили данные.</p>
        <Link href="/apps/mail/inbox" className={s.link}>Ко входящим</Link>
      </MailShell>
    );
  }

  const back = letter.folder;
  const act = (action: MailAction, message?: string) => {
    set((st) => ({ letters: applyAction(st.letters, new Set([id]), action) }));
    if (message) {
      toast.show({ severity: 'success', summary: message });
      router.push(`/apps/mail/${action === 'purge' ? 'trash' : back}`);
    }
  };
  const inTrash = letter.folder === 'trash';

  return (
    <MailShell data={state} view={letter.folder} reset={reset} error={error}>
      <div className={s.toolbar}>
        <Button icon="pi pi-arrow-left" text label={viewLabel(letter.folder)} onClick={() => router.push(`/apps/mail/${letter.folder}`)} />
        <Button label="Ответить" icon="pi pi-reply" onClick={() => router.push(`/apps/mail/compose?reply=${encodeURIComponent(letter.id)}`)} />
        <Button
          icon={letter.starred ? 'pi pi-star-fill' : 'pi pi-star'}
          text
          className={letter.starred ? m.starOn : ''}
          label={letter.starred ? 'Помечено' : 'Пометить'}
          aria-pressed={letter.starred}
          onClick={() => act(letter.starred ? 'unstar' : 'star')}
        />
        <Button
          icon={letter.important ? 'pi pi-bookmark-fill' : 'pi pi-bookmark'}
          text
          className={letter.important ? m.impOn : ''}
          label={letter.important ? 'Важное' : 'Сделать важным'}
          aria-pressed={letter.important}
          onClick={() => act(letter.important ? 'unimportant' : 'important')}
        />
        {letter.folder !== 'archived' && letter.folder !== 'sent' && !inTrash && (
          <Button label="В архив" icon="pi pi-box" text onClick={() => act('archive', 'Письмо перенесено в архив')} />
        )}
        {letter.folder !== 'spam' && letter.folder !== 'sent' && !inTrash && <Button label="В спам" icon="pi pi-ban" text onClick={() => act('spam', 'Письмо перенесено в спам')} />}
        {(inTrash || letter.folder === 'spam' || letter.folder === 'archived') && (
          <Button label={letter.folder === 'spam' ? 'Не спам' : 'Восстановить'} icon="pi pi-replay" text onClick={() => act('restore', 'Письмо восстановлено')} />
        )}
        {inTrash ? (
          <Button label="Удалить навсегда" icon="pi pi-times" text severity="danger" onClick={() => act('purge', 'Письмо удалено навсегда')} />
        ) : (
          <Button label="Удалить" icon="pi pi-trash" text severity="danger" onClick={() => act('trash', 'Письмо перенесено в корзину')} />
        )}
      </div>
      <article>
        <h2 className={m.subjectTitle}>{letter.subject}</h2>
        <div className={m.meta}>
          <span>
            От: {letter.from.name} &lt;{letter.from.email}&gt;
          </span>
          <span>
            Кому: {letter.to.name} &lt;{letter.to.email}&gt;
          </span>
          <time dateTime={letter.date}>{formatDateTime(new Date(letter.date))}</time>
        </div>
        <div className={s.prose}>{letter.body}</div>
      </article>
    </MailShell>
  );
}
