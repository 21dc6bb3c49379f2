'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { formatDateTime } from '@/lib/domain/format/date';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { useToast } from '@/components/layout/ToastProvider';
import { useAppRouter } from '@/components/layout/use-app-router';
import { educationApi } from './api';
import s from './education.module.css';

const NEW_COURSE = `---
id: new-course
title: Название курса
order: 10
version: 1
summary: Одна-две фразы о курсе.
---
Вводный текст курса.
`;

const NEW_LESSON = `---
id: new-lesson
title: Название урока
order: 10
version: 1
minutes: 10
exercises:
  - id: first-question
    kind: choice
    question: Вопрос?
    options: [Первый вариант, Второй вариант]
    answers: [0]
    explanation: Почему верен первый вариант.
---
Текст урока в Markdown.
`;

/**
 * The admin's editor of a course or lesson: the whole file (YAML block and Markdown, the format of the shipped
 * files), checked by the server with line numbers; each save is a new version marked «изменено администратором»,
 * and the history shows every version (shipped and edited) with «Взять этот текст».
 */
export function AdminEditor({ kind, courseId, lessonId }: { kind: 'course' | 'lesson'; courseId?: string; lessonId?: string }) {
  const toast = useToast();
  const router = useAppRouter();
  const editing = kind === 'lesson' ? lessonId : courseId;
  const loaded = useLoad((signal) => educationApi.adminGet(courseId!, kind === 'lesson' ? lessonId : undefined, signal), [courseId, lessonId, kind], {
    enabled: !!editing,
  });
  // The text as the admin typed it; null = as loaded (or the template of a new one).
  const [typed, setSource] = useState<string | null>(null);
  const [errors, setErrors] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const data = loaded.data;
  const source = typed ?? (editing ? (data?.source ?? '') : kind === 'course' ? NEW_COURSE : NEW_LESSON);

  const save = async () => {
    setBusy(true);
    setErrors(null);
    try {
      const r = await educationApi.adminSave({ kind, courseId: kind === 'lesson' ? courseId : editing, lessonId: editing && kind === 'lesson' ? lessonId : undefined, source });
      toast.show({ severity: 'success', summary: 'Сохранено', detail: `Версия ${r.revision}` });
      router.push(r.lessonId ? `/education/${r.courseId}/${r.lessonId}` : `/education/${r.courseId}`);
    } catch (e) {
      setErrors(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const what = kind === 'course' ? 'курс' : 'урок';
  const title = editing ? `Правка: ${what} «${editing}»` : `Новый ${what}`;
  return (
    <div className={s.page}>
      <PageBreadcrumb items={[{ label: 'Обучение', to: '/education' }, ...(courseId ? [{ label: courseId, to: `/education/${courseId}` }] : []), title]} />
      <h1>{title}</h1>
      <p className={s.lead}>
        Весь файл: блок «---» с полями (YAML) и текст в Markdown — как файлы курсов в репозитории. Сохранённая правка
        помечается «изменено администратором» и остаётся, даже когда обновление продукта привезёт новую версию этого файла.
      </p>
      {data?.adminEdited && <p className={s.badge}>сейчас действует правка администратора</p>}
      {loaded.error && <p role="alert">{loaded.error}</p>}
      <textarea
        className={`p-inputtext p-component ${s.editor}`}
        aria-label="Текст файла"
        spellCheck={false}
        wrap="off"
        value={source}
        onChange={(e) => setSource(e.target.value)}
        disabled={!!editing && !data}
      />
      {errors && (
        <p role="alert" className={s.errors}>
          {errors}
        </p>
      )}
      <div className={s.actions}>
        <Button type="button" label="Сохранить" icon="pi pi-save" loading={busy} disabled={!!editing && !data} onClick={() => void save()} />
        <Link href={courseId ? `/education/${courseId}${kind === 'lesson' && lessonId ? `/${lessonId}` : ''}` : '/education'} className="p-button p-component p-button-text">
          <span className="p-button-label">Отмена</span>
        </Link>
      </div>
      {data && (
        <>
          <h2>История версий</h2>
          <ul className={s.history}>
            {data.revisions.map((r) => (
              <li key={r.revision} className={s.lessonRow}>
                <div className={s.lessonMain}>
                  <span>
                    Версия {r.revision} · {r.origin === 'admin' ? `правка администратора${r.author ? ` (${r.author})` : ''}` : `из поставки продукта, версия файла ${r.shippedVersion}`}
                    {!r.applied && ' · не применена: действует правка администратора'}
                  </span>
                  <span className={s.meta}>{formatDateTime(new Date(r.createdAt))}</span>
                </div>
                <Button type="button" label="Взять этот текст" size="small" text onClick={() => setSource(r.source)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
