'use client';

import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useMemo, useState, type ReactNode } from 'react';
import { countOf, type Forms } from '@/lib/domain/format/plural';
import data from '../data/pages.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import pg from './pages.module.css';

const ALL = 'Все';
const CATEGORIES = [ALL, ...new Set(data.help.map((a) => a.category))];
const ARTICLES: Forms = ['статья', 'статьи', 'статей'];

/** Lower case with «ё» as «е»: how the search compares words. */
const norm = (s: string) => s.toLocaleLowerCase('ru-RU').replace(/ё/g, 'е');

/** The text with every place of the query marked. */
function marked(text: string, query: string): ReactNode {
  const q = norm(query.trim());
  if (!q) return text;
  const out: ReactNode[] = [];
  const hay = norm(text);
  let at = 0;
  for (let i = hay.indexOf(q); i !== -1; i = hay.indexOf(q, at)) {
    out.push(text.slice(at, i), <mark key={i} className={pg.hit}>{text.slice(i, i + q.length)}</mark>);
    at = i + q.length;
  }
  out.push(text.slice(at));
  return out;
}

/** «Справка»: articles about the product, searched by every word of the query in title and text, by category. */
export function HelpPage() {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL);
  const found = useMemo(() => {
    const words = norm(query).split(/\s+/).filter(Boolean);
    return data.help.filter((a) => (category === ALL || a.category === category) && words.every((w) => norm(`${a.title} ${a.text}`).includes(w)));
  }, [query, category]);

  return (
    <>
      <DemoPageHeader description="Статьи о работе с «Калькулусом». Поиск идёт по заголовкам и тексту, «ё» и «е» не различаются." />
      <section className={styles.card}>
        <div className={styles.stack}>
          <IconField iconPosition="left">
            <InputIcon className="pi pi-search" />
            <InputText value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Например: шаблон счёта" aria-label="Поиск по справке" style={{ width: '100%' }} />
          </IconField>
          <SelectButton value={category} options={CATEGORIES} allowEmpty={false} onChange={(e) => e.value && setCategory(e.value as string)} aria-label="Раздел справки" />
          <span className={styles.muted} role="status" data-testid="help-count">
            {found.length === 0 ? 'Ничего не найдено: попробуйте другие слова.' : `Найдено: ${countOf(found.length, ARTICLES)}`}
          </span>
        </div>
      </section>
      <div className={styles.grid}>
        {found.map((a) => (
          <article key={a.id} className={`${styles.card} ${pg.article}`}>
            <span className={styles.muted}>{a.category}</span>
            <h3>{marked(a.title, query.trim().split(/\s+/)[0] ?? '')}</h3>
            <p>{marked(a.text, query.trim().split(/\s+/)[0] ?? '')}</p>
          </article>
        ))}
      </div>
    </>
  );
}
