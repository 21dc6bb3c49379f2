'use client';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type ReactNode } from 'react';
import { formatDateTime } from '@/lib/domain/format/date';
import { useAppRouter } from '@/components/layout/use-app-router';
import { useToast } from '@/components/layout/ToastProvider';
import { newDemoId, useDemoStore } from '../store';
import s from '../apps.module.css';
import { checkDraft, MAIL_KEY, MAIL_SAMPLE, ME, replyDraft, type Draft, type DraftErrors, type Letter } from './mail';
import { MailShell } from './MailShell';
import m from './mail.module.css';

/** `/apps/mail/compose[?reply=id]`: a new letter or a reply; sent, it lands in «Отправленные». */
export function MailCompose({ replyTo }: { replyTo?: string }) {
  const { state, set, reset, error } = useDemoStore(MAIL_KEY, MAIL_SAMPLE);
  const router = useAppRouter();
  const toast = useToast();
  const original = replyTo ? state.letters.find((l) => l.id === replyTo) : undefined;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  // The reply's text is taken once the saved letters are read (after hydration), then it is the user's.
  const shown: Draft = draft ?? (original ? replyDraft(original, formatDateTime(new Date(original.date))) : { to: '', subject: '', body: '' });
  const change = (k: keyof Draft, v: string) => setDraft({ ...shown, [k]: v });

  const send = () => {
    const e = checkDraft(shown);
    setErrors(e);
    if (Object.keys(e).length) return;
    const toName = original && original.from.email === shown.to.trim() ? original.from.name : shown.to.trim();
    const letter: Letter = {
      id: newDemoId('l'),
      from: ME,
      to: { name: toName, email: shown.to.trim() },
      subject: shown.subject.trim(),
      body: shown.body,
      date: new Date().toISOString(),
      folder: 'sent',
      starred: false,
      important: false,
      read: true,
    };
    set((st) => ({ letters: [letter, ...st.letters] }));
    toast.show({ severity: 'success', summary: 'Письмо отправлено', detail: `Кому: ${letter.to.email}` });
    router.push('/apps/mail/sent');
  };

  const field = (k: keyof Draft, label: string, input: ReactNode) => (
    <div className={s.field}>
      <label htmlFor={`mail-${k}`}>{label}</label>
      {input}
      {errors[k] && (
        <small id={`mail-${k}-error`} className={s.error}>
          {errors[k]}
        </small>
      )}
    </div>
  );
  const described = (k: keyof Draft) => ({ invalid: !!errors[k], 'aria-describedby': errors[k] ? `mail-${k}-error` : undefined });

  return (
    <MailShell data={state} view={null} reset={reset} error={error}>
      <h2 className={m.subjectTitle}>{original ? 'Ответ' : 'Новое письмо'}</h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        {field('to', 'Кому', <InputText id="mail-to" type="email" placeholder="name@example.ru" value={shown.to} onChange={(e) => change('to', e.target.value)} {...described('to')} />)}
        {field('subject', 'Тема', <InputText id="mail-subject" value={shown.subject} onChange={(e) => change('subject', e.target.value)} {...described('subject')} />)}
        {field('body', 'Текст', <InputTextarea id="mail-body" rows={10} value={shown.body} onChange={(e) => change('body', e.target.value)} {...described('body')} />)}
        <div className={s.toolbar}>
          <Button type="submit" label="Отправить" icon="pi pi-send" />
          <Button type="button" label="Отмена" text onClick={() => router.push('/apps/mail/inbox')} />
        </div>
      </form>
    </MailShell>
  );
}
