'use client';

import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatIsoDate, isoOfLocalDay, moscowToday } from '@/lib/domain/format/date';
import { plural } from '@/lib/domain/format/plural';
import { DemoPageHeader } from '../DemoPageHeader';
import { newDemoId, useDemoStore } from '../store';
import sample from '../data/tasks.json';
import ui from '../demo.module.css';
import s from '../apps.module.css';

type Priority = 'high' | 'normal' | 'low';
interface Task {
  id: string;
  title: string;
  note: string;
  due: string;
  priority: Priority;
  done: boolean;
}
type Filter = 'all' | 'active' | 'done';

const SAMPLE = sample as { tasks: Task[] };
const PRIORITIES: { label: string; value: Priority; severity: 'danger' | 'info' | 'secondary' }[] = [
  { label: 'Высокий', value: 'high', severity: 'danger' },
  { label: 'Обычный', value: 'normal', severity: 'info' },
  { label: 'Низкий', value: 'low', severity: 'secondary' },
];
const TASK_FORMS = ['задача', 'задачи', 'задач'] as const;

const isoToDate = (iso: string) => (iso ? new Date(`${iso}T00:00:00`) : null);

/** `/apps/tasklist`: add, edit, complete, delete tasks; filter by state. */
export function TaskListApp() {
  const { state, set, reset, error } = useDemoStore('tasklist', SAMPLE);
  const [filter, setFilter] = useState<Filter>('all');
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState('');
  const [editing, setEditing] = useState<Task | null>(null);
  const [editError, setEditError] = useState('');
  const today = moscowToday();

  const tasks = state.tasks;
  const active = tasks.filter((t) => !t.done).length;
  const shown = tasks.filter((t) => (filter === 'all' ? true : filter === 'active' ? !t.done : t.done));
  const update = (id: string, patch: Partial<Task>) => set((st) => ({ tasks: st.tasks.map((t) => (t.id === id ? { ...t, ...patch } : t)) }));

  const add = () => {
    const text = title.trim();
    if (!text) return setTitleError('Введите название задачи.');
    if (text.length > 200) return setTitleError('Название — не длиннее 200 символов.');
    set((st) => ({ tasks: [{ id: newDemoId('t'), title: text, note: '', due: today, priority: 'normal', done: false }, ...st.tasks] }));
    setTitle('');
    setTitleError('');
  };

  const saveEdit = () => {
    if (!editing) return;
    if (!editing.title.trim()) return setEditError('Введите название задачи.');
    update(editing.id, { ...editing, title: editing.title.trim() });
    setEditing(null);
  };

  const filters = [
    { label: `Все (${tasks.length})`, value: 'all' },
    { label: `Активные (${active})`, value: 'active' },
    { label: `Выполненные (${tasks.length - active})`, value: 'done' },
  ];

  return (
    <>
      <DemoPageHeader description={`${active} ${plural(active, TASK_FORMS)} в работе. Изменения хранятся в этом браузере.`} onReset={reset} />
      {error && <p role="alert" className={s.error}>{error}</p>}
      <div className={ui.card}>
        <form
          className={s.toolbar}
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <span className={s.grow}>
            <InputText
              aria-label="Новая задача"
              placeholder="Новая задача"
              value={title}
              invalid={!!titleError}
              onChange={(e) => setTitle(e.target.value)}
            />
          </span>
          <Button type="submit" label="Добавить" icon="pi pi-plus" />
        </form>
        {titleError && <p className={s.error}>{titleError}</p>}
        <SelectButton value={filter} options={filters} onChange={(e) => e.value && setFilter(e.value as Filter)} aria-label="Показать задачи" />
        <ul className={s.list} aria-label="Задачи">
          {shown.map((t) => {
            const pr = PRIORITIES.find((p) => p.value === t.priority) ?? PRIORITIES[1]!;
            const overdue = !t.done && t.due && t.due < today;
            return (
              <li key={t.id} className={s.item}>
                <Checkbox inputId={`task-${t.id}`} checked={t.done} onChange={(e) => update(t.id, { done: !!e.checked })} />
                <div className={s.itemBody}>
                  <label htmlFor={`task-${t.id}`} className={`${s.itemTitle} ${t.done ? s.done : ''}`}>
                    {t.title}
                  </label>
                  {t.note && <div className={`${s.muted} ${s.small}`}>{t.note}</div>}
                  <div className={s.toolbar} style={{ margin: '0.35rem 0 0' }}>
                    <Tag value={pr.label} severity={pr.severity} />
                    {t.due && <Tag value={`${overdue ? 'просрочено: ' : 'до '}${formatIsoDate(t.due)}`} severity={overdue ? 'warning' : 'secondary'} />}
                  </div>
                </div>
                <div className={s.actions}>
                  <Button icon="pi pi-pencil" text rounded aria-label={`Изменить «${t.title}»`} onClick={() => (setEditError(''), setEditing(t))} />
                  <Button
                    icon="pi pi-trash"
                    text
                    rounded
                    severity="danger"
                    aria-label={`Удалить «${t.title}»`}
                    onClick={() => set((st) => ({ tasks: st.tasks.filter((x) => x.id !== t.id) }))}
                  />
                </div>
              </li>
            );
          })}
        </ul>
        {shown.length === 0 && <p className={s.muted}>Здесь пока пусто.</p>}
      </div>

      <Dialog
        header="Задача"
        visible={!!editing}
        onHide={() => setEditing(null)}
        style={{ width: 'min(32rem, 95vw)' }}
        footer={
          <>
            <Button label="Отмена" text onClick={() => setEditing(null)} />
            <Button label="Сохранить" icon="pi pi-check" onClick={saveEdit} />
          </>
        }
      >
        {editing && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              saveEdit();
            }}
          >
            <div className={s.field}>
              <label htmlFor="task-title">Название</label>
              <InputText id="task-title" value={editing.title} invalid={!!editError} onChange={(e) => setEditing({ ...editing, title: e.target.value })} />
              {editError && <small className={s.error}>{editError}</small>}
            </div>
            <div className={s.field}>
              <label htmlFor="task-note">Заметка</label>
              <InputTextarea id="task-note" rows={3} value={editing.note} onChange={(e) => setEditing({ ...editing, note: e.target.value })} />
            </div>
            <div className={s.formGrid}>
              <div className={s.field}>
                <label htmlFor="task-due">Срок</label>
                <Calendar
                  inputId="task-due"
                  dateFormat="dd.mm.yy"
                  value={isoToDate(editing.due)}
                  onChange={(e) => setEditing({ ...editing, due: e.value instanceof Date ? isoOfLocalDay(e.value) : '' })}
                  showButtonBar
                />
              </div>
              <div className={s.field}>
                <label htmlFor="task-priority">Приоритет</label>
                <Dropdown inputId="task-priority" value={editing.priority} options={PRIORITIES} onChange={(e) => setEditing({ ...editing, priority: e.value as Priority })} />
              </div>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
