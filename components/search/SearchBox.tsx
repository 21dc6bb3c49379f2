'use client';

import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState } from 'react';
import { useLoad } from '@/lib/client/use-load';
import { useLayout } from '@/components/layout/LayoutContext';
import { useAppRouter } from '@/components/layout/use-app-router';
import { countLabel, resultsHref, searchApi, type SearchItem } from './api';
import { HitText } from './Marked';
import s from './search.module.css';

/** Pause after the last key before the query goes out. */
const DEBOUNCE_MS = 200;
const PER_KIND = 5;
const LIST_ID = 'topbar-search-results';
const optionId = (i: number) => `${LIST_ID}-${i}`;

/** Ctrl+K / ⌘K in any layout (the key, not the letter: «л» on a Russian keyboard). */
const isSearchKey = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && (e.code === 'KeyK' || e.key.toLowerCase() === 'k');

/**
 * The top bar's «Поиск…»: a combobox whose list shows the results grouped by kind, the matched parts marked.
 * ↑ ↓ move through the results and «Все результаты», Enter opens (the first result until another is chosen),
 * Esc clears and closes, Ctrl+K (⌘K) focuses it from anywhere. The query goes out 200 ms after the last key;
 * of two queries in flight only the later one is shown (useLoad).
 */
export function SearchBox() {
  const { state, dispatch } = useLayout();
  const router = useAppRouter();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const t = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  const enabled = query.length >= 2;
  const found = useLoad((signal) => searchApi.query(query, PER_KIND, signal), [query], { enabled, keep: true });
  const groups = enabled ? (found.data?.groups ?? []) : [];
  const items: SearchItem[] = groups.flatMap((g) => g.items);
  const total = groups.reduce((n, g) => n + g.total, 0);
  // The list answers what is typed now (not a query a key ago).
  const current = enabled && !found.loading && query === text.trim();
  const options = items.length + (enabled ? 1 : 0);
  const shown = open && text.trim().length >= 2;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchKey(e)) return;
      e.preventDefault();
      dispatch({ type: 'showSearch' });
      setOpen(true);
      setTimeout(() => {
        input.current?.focus();
        input.current?.select();
      }, 0);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dispatch]);

  const close = () => {
    setText('');
    setQuery('');
    setOpen(false);
    setActive(0);
    dispatch({ type: 'hideSearch' });
    input.current?.blur();
  };
  const go = (href: string) => {
    close();
    router.push(href);
  };
  const choose = (i: number) => {
    const item = items[i];
    if (item) go(item.href);
    else if (text.trim().length >= 2) go(resultsHref(text.trim()));
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options > 0) setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : options - 1)) % options);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Before the answer to what is typed arrives, Enter opens all the results of it.
      choose(current ? active : items.length);
    }
  };

  // Each group's first option index in the flat list ↑ ↓ walk.
  const starts = groups.map((_, gi) => groups.slice(0, gi).reduce((n, g) => n + g.items.length, 0));
  return (
    <div className={`layout-search ${s.box}${state.searchVisible ? ' layout-search-open' : ''}`} role="search">
      <button
        type="button"
        className="layout-topbar-button layout-search-button"
        aria-label="Поиск"
        onClick={() => {
          dispatch({ type: 'showSearch' });
          setTimeout(() => input.current?.focus(), 0);
        }}
      >
        <i className="pi pi-search" aria-hidden="true" />
      </button>
      <InputText
        ref={input}
        className="layout-search-input"
        placeholder="Поиск…"
        aria-label="Поиск"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={LIST_ID}
        aria-activedescendant={shown && current && active < options ? optionId(active) : undefined}
        aria-keyshortcuts="Control+K Meta+K"
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(0);
        }}
        onFocus={() => {
          dispatch({ type: 'showSearch' });
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {shown && (
        // Pressing inside the list keeps the focus in the input (a click then opens the option).
        <div id={LIST_ID} role="listbox" aria-label="Результаты поиска" className={s.panel} onMouseDown={(e) => e.preventDefault()}>
          {groups.map((g, gi) => (
            <div key={g.kind} role="group" aria-labelledby={`${LIST_ID}-${g.kind}`}>
              <div id={`${LIST_ID}-${g.kind}`} className={s.groupHead} role="presentation">
                <i className={g.icon} aria-hidden="true" />
                <span>{g.label}</span>
                <span className={s.groupCount}>{countLabel(g.total, g.forms)}</span>
              </div>
              {g.items.map((item, ii) => {
                const i = (starts[gi] ?? 0) + ii;
                return (
                  <div key={`${item.kind}:${item.id}`} id={optionId(i)} role="option" aria-selected={current && active === i} className={s.option} onClick={() => choose(i)} onMouseMove={() => setActive(i)}>
                    <HitText item={item} />
                  </div>
                );
              })}
            </div>
          ))}
          {enabled && current && total === 0 && <div className={s.note} role="presentation">Ничего не найдено</div>}
          {!current && !found.error && <div className={s.note} role="presentation">Ищем…</div>}
          {found.error && <div className={s.note} role="presentation">{found.error}</div>}
          {enabled && (
            <div id={optionId(items.length)} role="option" aria-selected={current && active === items.length} className={`${s.option} ${s.all}`} onClick={() => choose(items.length)} onMouseMove={() => setActive(items.length)}>
              {total > 0 && current ? `Все результаты: ${total}` : 'Все результаты'}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
