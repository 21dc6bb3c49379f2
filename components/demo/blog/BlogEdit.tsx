'use client';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useRef, useState } from 'react';
import { formatSize } from '@/lib/domain/files/format-size';
import { moscowToday } from '@/lib/domain/format/date';
import { useAppRouter } from '@/components/layout/use-app-router';
import { useToast } from '@/components/layout/ToastProvider';
import { DemoPageHeader } from '../DemoPageHeader';
import { isImageType, readDataUrl } from '../data-url';
import { newDemoId, useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import b from './blog.module.css';
import { BLOG_KEY, BLOG_SAMPLE, COLORS, COVER_MAX_BYTES, excerptOf, type Post } from './blog';
import { PostCover } from './PostCover';

interface Draft {
  title: string;
  body: string;
  tags: string;
  cover: string | null;
}

/** `/apps/blog/edit/{id?}`: a new post or a change of one — title, cover picture (kept in the browser), text. */
export function BlogEdit({ id }: { id?: string }) {
  const { state, set, reset, error } = useDemoStore(BLOG_KEY, BLOG_SAMPLE);
  const router = useAppRouter();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const post = id ? state.posts.find((p) => p.id === id) : undefined;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [problem, setProblem] = useState<{ title?: string; body?: string; cover?: string }>({});
  const shown: Draft = draft ?? (post ? { title: post.title, body: post.body, tags: post.tags.join(', '), cover: post.cover } : { title: '', body: '', tags: '', cover: null });
  const change = (patch: Partial<Draft>) => setDraft({ ...shown, ...patch });

  const pickCover = async (file: File | undefined) => {
    if (!file) return;
    const r = await readDataUrl(file, COVER_MAX_BYTES, isImageType);
    if (!r.ok) return setProblem((p) => ({ ...p, cover: r.message }));
    setProblem((p) => ({ ...p, cover: undefined }));
    change({ cover: r.url });
  };

  const save = () => {
    const p: typeof problem = {};
    if (!shown.title.trim()) p.title = 'Введите заголовок.';
    else if (shown.title.trim().length > 150) p.title = 'Заголовок — не длиннее 150 символов.';
    if (!shown.body.trim()) p.body = 'Напишите текст записи.';
    else if (shown.body.length > 50000) p.body = 'Текст — не длиннее 50 000 символов.';
    setProblem(p);
    if (p.title || p.body) return;
    const tags = shown.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
      .slice(0, 5);
    const fields = { title: shown.title.trim(), body: shown.body.trim(), excerpt: excerptOf(shown.body), tags, cover: shown.cover };
    const saved: Post = post
      ? { ...post, ...fields }
      : { id: newDemoId('b'), ...fields, coverColor: COLORS[state.posts.length % COLORS.length]!, author: 'Вы', date: moscowToday(), comments: [] };
    set((st) => ({ posts: post ? st.posts.map((x) => (x.id === post.id ? saved : x)) : [saved, ...st.posts] }));
    toast.show({ severity: 'success', summary: post ? 'Запись сохранена' : 'Запись опубликована', detail: saved.title });
    router.push(`/apps/blog/detail/${saved.id}`);
  };

  if (id && !post) {
    return (
      <>
        <DemoPageHeader title="Запись не найдена" onReset={reset} />
        <p>Такой записи нет: её удалили или сбросили данные.</p>
      </>
    );
  }

  return (
    <>
      <DemoPageHeader title={post ? 'Изменить запись' : 'Новая запись'} description="Запись и обложка сохраняются в этом браузере." onReset={reset} />
      {error && <p role="alert" className={s.error}>{error}</p>}
      <form
        className={ui.card}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className={s.field}>
          <label htmlFor="post-title">Заголовок</label>
          <InputText id="post-title" value={shown.title} invalid={!!problem.title} onChange={(e) => change({ title: e.target.value })} />
          {problem.title && <small className={s.error}>{problem.title}</small>}
        </div>
        <div className={s.field}>
          <span id="post-cover-label">Обложка</span>
          <div className={b.preview}>
            <PostCover post={{ cover: shown.cover, coverColor: post?.coverColor ?? COLORS[0]!, title: shown.title }} />
          </div>
          <div className={s.toolbar}>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              aria-labelledby="post-cover-label"
              data-testid="cover-input"
              onChange={(e) => {
                void pickCover(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <Button type="button" label="Загрузить картинку" icon="pi pi-image" outlined onClick={() => fileInput.current?.click()} />
            {shown.cover && <Button type="button" label="Убрать" icon="pi pi-times" text onClick={() => change({ cover: null })} />}
            <span className={`${s.muted} ${s.small}`}>PNG, JPEG, GIF или WebP, не больше {formatSize(COVER_MAX_BYTES)}</span>
          </div>
          {problem.cover && (
            <small className={s.error} role="alert">
              {problem.cover}
            </small>
          )}
        </div>
        <div className={s.field}>
          <label htmlFor="post-tags">Метки через запятую</label>
          <InputText id="post-tags" value={shown.tags} placeholder="Налоги, Калькуляция" onChange={(e) => change({ tags: e.target.value })} />
        </div>
        <div className={s.field}>
          <label htmlFor="post-body">Текст</label>
          <InputTextarea id="post-body" rows={12} value={shown.body} invalid={!!problem.body} onChange={(e) => change({ body: e.target.value })} />
          {problem.body && <small className={s.error}>{problem.body}</small>}
        </div>
        <div className={s.toolbar}>
          <Button type="submit" label={post ? 'Сохранить' : 'Опубликовать'} icon="pi pi-check" />
          <Button type="button" label="Отмена" text onClick={() => router.push(post ? `/apps/blog/detail/${post.id}` : '/apps/blog/list')} />
        </div>
      </form>
    </>
  );
}
