'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatDateTime, formatIsoDate } from '@/lib/domain/format/date';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { DemoPageHeader } from '../DemoPageHeader';
import { newDemoId, useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import b from './blog.module.css';
import { BLOG_KEY, BLOG_SAMPLE, type Comment } from './blog';
import { PostCover } from './PostCover';
import { LinkButton } from '../LinkButton';

/** `/apps/blog/detail/{id}`: a post with its comments; add a comment. */
export function BlogDetail({ id }: { id: string }) {
  const { state, set, reset, error } = useDemoStore(BLOG_KEY, BLOG_SAMPLE);
  const post = state.posts.find((p) => p.id === id);
  const [author, setAuthor] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ author?: string; text?: string }>({});

  if (!post) {
    return (
      <>
        <DemoPageHeader title="Запись не найдена" onReset={reset} />
        <p>Такой записи нет: её удалили или сбросили данные.</p>
        <Link href="/apps/blog/list" className={s.link}>Ко всем записям</Link>
      </>
    );
  }

  const addComment = () => {
    const p: typeof problem = {};
    if (!author.trim()) p.author = 'Представьтесь.';
    else if (author.trim().length > 60) p.author = 'Имя — не длиннее 60 символов.';
    if (!text.trim()) p.text = 'Напишите комментарий.';
    else if (text.length > 2000) p.text = 'Комментарий — не длиннее 2000 символов.';
    setProblem(p);
    if (p.author || p.text) return;
    const comment: Comment = { id: newDemoId('k'), author: author.trim(), text: text.trim(), date: new Date().toISOString() };
    set((st) => ({ posts: st.posts.map((x) => (x.id === id ? { ...x, comments: [...x.comments, comment] } : x)) }));
    setText('');
  };

  return (
    <>
      <PageBreadcrumb items={[{ label: 'Демо-страницы', to: '/demo' }, { label: 'Блог', to: '/apps/blog/list' }, post.title]} />
      <DemoPageHeader title={post.title} description={`${post.author} · ${formatIsoDate(post.date)}`} onReset={reset}>
        <LinkButton href={`/apps/blog/edit/${post.id}`} label="Изменить" icon="pi-pencil" look="outlined" />
      </DemoPageHeader>
      {error && <p role="alert" className={s.error}>{error}</p>}
      <article className={`${ui.card} ${b.article}`}>
        <PostCover post={post} />
        <div className={s.toolbar} style={{ margin: '1rem 0' }}>
          {post.tags.map((t) => (
            <Tag key={t} value={t} severity="secondary" />
          ))}
        </div>
        <div className={s.prose}>{post.body}</div>
      </article>
      <section className={`${ui.card} ${b.article}`} aria-labelledby="comments-title">
        <h2 id="comments-title">Комментарии ({post.comments.length})</h2>
        {post.comments.length === 0 && <p className={s.muted}>Комментариев пока нет.</p>}
        <ul className={s.list} aria-label="Комментарии">
          {post.comments.map((c) => (
            <li key={c.id} className={b.comment}>
              <strong>{c.author}</strong> <span className={`${s.muted} ${s.small}`}>{formatDateTime(new Date(c.date))}</span>
              <div className={s.prose}>{c.text}</div>
            </li>
          ))}
        </ul>
        <form
          noValidate
          style={{ marginTop: '1rem' }}
          onSubmit={(e) => {
            e.preventDefault();
            addComment();
          }}
        >
          <div className={s.field}>
            <label htmlFor="comment-author">Ваше имя</label>
            <InputText id="comment-author" value={author} invalid={!!problem.author} onChange={(e) => setAuthor(e.target.value)} />
            {problem.author && <small className={s.error}>{problem.author}</small>}
          </div>
          <div className={s.field}>
            <label htmlFor="comment-text">Комментарий</label>
            <InputTextarea id="comment-text" rows={3} value={text} invalid={!!problem.text} onChange={(e) => setText(e.target.value)} />
            {problem.text && <small className={s.error}>{problem.text}</small>}
          </div>
          <Button type="submit" label="Отправить комментарий" icon="pi pi-send" />
        </form>
      </section>
    </>
  );
}
