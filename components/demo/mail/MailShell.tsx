'use client';

import Link from 'next/link';
import { Badge } from 'primereact/badge';
import type { ReactNode } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { unreadIn, VIEWS, type MailData, type View } from './mail';
import m from './mail.module.css';
import { LinkButton } from '../LinkButton';

/** The mail pages' frame: the header with «Сбросить данные», the folders with unread counts, the page. */
export function MailShell({
  data,
  view,
  reset,
  error,
  children,
}: {
  data: MailData;
  view: View | null;
  reset: () => void;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <DemoPageHeader description="Письма хранятся в этом браузере; настоящая почта не отправляется." onReset={reset} />
      {error && <p role="alert" className={s.error}>{error}</p>}
      <div className={m.mail}>
        <nav className={`${ui.card} ${m.nav}`} aria-label="Папки почты">
          <LinkButton href="/apps/mail/compose" label="Написать" icon="pi-pencil" />
          <ul className={`${s.list} ${s.navList} ${m.folders}`}>
            {VIEWS.map((v) => {
              const unread = unreadIn(data.letters, v.view);
              return (
                <li key={v.view}>
                  <Link href={`/apps/mail/${v.view}`} className={v.view === view ? s.navActive : ''} aria-current={v.view === view ? 'page' : undefined}>
                    <i className={v.icon} aria-hidden />
                    <span>{v.label}</span>
                    {unread > 0 && v.view !== 'trash' && <Badge value={unread} className={s.navCount} aria-label={`непрочитанных: ${unread}`} />}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className={`${ui.card} ${m.main}`}>{children}</div>
      </div>
    </>
  );
}
