'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { useLoad } from '@/lib/client/use-load';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { countLabel, resultsHref, searchApi } from './api';
import { HitText } from './Marked';
import s from './search.module.css';

/** Results of each kind on the page (the most the call gives). */
const PER_KIND = 50;

/**
 * `/search`: every kind's results of a query (up to 50 each), a filter by kind with counts, the query editable
 * (the address follows it, so the page can be shared and reloaded).
 */
export function SearchPage({ initialQuery, initialKind }: { initialQuery: string; initialKind: string }) {
  const [text, setText] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery.trim());
  const [kind, setKind] = useState(initialKind);

  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  useEffect(() => {
    window.history.replaceState(window.history.state, '', resultsHref(query, kind || undefined));
  }, [query, kind]);

  const enabled = query.length >= 2;
  const found = useLoad((signal) => searchApi.query(query, PER_KIND, signal), [query], { enabled, keep: true });
  const groups = enabled ? (found.data?.groups ?? []) : [];
  const total = groups.reduce((n, g) => n + g.total, 0);
  const shownGroups = kind ? groups.filter((g) => g.kind === kind) : groups;
  const summary = groups.map((g) => countLabel(g.total, g.forms)).join(', ');

  return (
    <section aria-labelledby="search-title" className={s.page}>
      <PageBreadcrumb items={['Поиск']} />
      <h1 id="search-title">Поиск</h1>
      <InputText type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="Что найти" aria-label="Что найти" className={s.query} autoFocus={!initialQuery} />
      {enabled && groups.length > 0 && (
        <div className={s.filters} role="group" aria-label="Что показать">
          <Button type="button" size="small" label={`Все · ${total}`} outlined={kind !== ''} aria-pressed={kind === ''} onClick={() => setKind('')} />
          {groups.map((g) => (
            <Button key={g.kind} type="button" size="small" icon={g.icon} label={`${g.label} · ${g.total}`} outlined={kind !== g.kind} aria-pressed={kind === g.kind} onClick={() => setKind(g.kind)} />
          ))}
        </div>
      )}
      <p role="status" aria-live="polite">
        {!enabled
          ? 'Введите хотя бы 2 символа.'
          : found.error
            ? found.error
            : found.loading && !found.data
              ? 'Ищем…'
              : total === 0
                ? 'Ничего не найдено. Проверьте написание или введите начало слова.'
                : `Найдено: ${summary}.`}
      </p>
      {shownGroups.map((g) => (
        <section key={g.kind} className={s.section} aria-labelledby={`search-kind-${g.kind}`}>
          <h2 id={`search-kind-${g.kind}`}>
            <i className={g.icon} aria-hidden="true" /> {g.label}
            <span className={s.subtitle}>{g.items.length < g.total ? `первые ${g.items.length} из ${g.total}` : countLabel(g.total, g.forms)}</span>
          </h2>
          <ul className={s.list}>
            {g.items.map((item) => (
              <li key={item.id}>
                <Link href={item.href} className={s.hit}>
                  <HitText item={item} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
