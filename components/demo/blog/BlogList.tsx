'use client';

import Link from 'next/link';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatIsoDate } from '@/lib/domain/format/date';
import { plural } from '@/lib/domain/format/plural';
import { DemoPageHeader } from '../DemoPageHeader';
import { useDemoStore } from '../store';
import s from '../apps.module.css';
import b from './blog.module.css';
import { BLOG_KEY, BLOG_SAMPLE } from './blog';
import { PostCover } from './PostCover';
import { LinkButton } from '../LinkButton';

/** `/apps/blog/list`: the posts, newest first, searchable; «Новая запись». */
export function BlogList() {
  const { state, reset, error } = useDemoStore(BLOG_KEY, BLOG_SAMPLE);
  const [search, setSearch] = useState('');
  const q = search.trim().toLocaleLowerCase('ru');
  const posts = [...state.posts]
    .sort((a, c) => c.date.localeCompare(a.date))
    .filter((p) => !q || `${p.title} ${p.excerpt} ${p.tags.join(' ')} ${p.author}`.toLocaleLowerCase('ru').includes(q));

  return (
    <>
      <DemoPageHeader description="Записи и комментарии хранятся в этом браузере." onReset={reset}>
        <LinkButton href="/apps/blog/edit" label="Новая запись" icon="pi-plus" />
      </DemoPageHeader>
      {error && <p role="alert" className={s.error}>{error}</p>}
      <div className={s.toolbar}>
        <IconField iconPosition="left" className={s.grow}>
          <InputIcon className="pi pi-search" />
          <InputText className={s.full} placeholder="Поиск записей" aria-label="Поиск записей" value={search} onChange={(e) => setSearch(e.target.value)} />
        </IconField>
      </div>
      <ul className={b.posts} aria-label="Записи блога">
        {posts.map((p) => (
          <li key={p.id} className={b.post}>
            <PostCover post={p} />
            <div className={b.postBody}>
              <div className={s.toolbar} style={{ marginBottom: '0.5rem' }}>
                {p.tags.map((t) => (
                  <Tag key={t} value={t} severity="secondary" />
                ))}
              </div>
              <h2 className={b.postTitle}>
                <Link href={`/apps/blog/detail/${p.id}`}>{p.title}</Link>
              </h2>
              <p className={s.muted}>{p.excerpt}</p>
              <div className={`${s.small} ${s.muted}`}>
                {p.author} · {formatIsoDate(p.date)} · {p.comments.length} {plural(p.comments.length, ['комментарий', 'комментария', 'комментариев'])}
              </div>
            </div>
          </li>
        ))}
      </ul>
      {posts.length === 0 && <p className={s.muted}>Записей не нашли.</p>}
    </>
  );
}
