'use client';

import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { useState } from 'react';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

interface Form {
  name: string;
  email: string;
  city: string | null;
  date: Date | null;
  qty: number | null;
  password: string;
  note: string;
}
const EMPTY: Form = { name: '', email: '', city: null, date: null, qty: null, password: '', note: '' };

/** The rules of the sample form: a Russian message per field, or nothing. */
function check(f: Form): Partial<Record<keyof Form, string>> {
  const e: Partial<Record<keyof Form, string>> = {};
  if (f.name.trim().length < 2) e.name = 'Введите имя: не короче двух букв.';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(f.email.trim())) e.email = 'Введите адрес вида name@example.ru.';
  if (!f.city) e.city = 'Выберите город.';
  if (!f.date) e.date = 'Укажите дату в формате дд.мм.гггг.';
  if (f.qty === null || f.qty < 1) e.qty = 'Количество — целое число не меньше 1.';
  if (f.password.length < 8) e.password = 'Пароль — не короче 8 символов.';
  if (f.note.length > 200) e.note = 'Не больше 200 символов.';
  return e;
}

/** UI kit: fields in the invalid state with their messages; «Проверить» checks, fixing a field clears its message. */
export function InvalidStateDemo() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [checked, setChecked] = useState(false);
  const errors = checked ? check(form) : {};
  const count = Object.keys(errors).length;
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const err = (k: keyof Form) =>
    errors[k] ? (
      <small id={`iv-${k}-error`} className={styles.error}>
        {errors[k]}
      </small>
    ) : null;
  const described = (k: keyof Form) => (errors[k] ? `iv-${k}-error` : undefined);

  return (
    <>
      <DemoPageHeader description="Поля в состоянии ошибки: красная рамка и понятное сообщение рядом. Нажмите «Проверить», затем исправьте поля." />
      <section className={styles.card}>
        <h2>Анкета</h2>
        {checked && (
          <div style={{ marginBottom: '1rem' }} data-testid="iv-result">
            {count === 0 ? <Message severity="success" text="Все поля заполнены верно." /> : <Message severity="error" text={`Исправьте поля: ${count}.`} />}
          </div>
        )}
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setChecked(true);
          }}
        >
          <div className={styles.grid}>
            <div className={styles.field}>
              <label htmlFor="iv-name">Имя</label>
              <InputText id="iv-name" value={form.name} invalid={!!errors.name} aria-describedby={described('name')} onChange={(e) => set('name', e.target.value)} />
              {err('name')}
            </div>
            <div className={styles.field}>
              <label htmlFor="iv-email">Электронная почта</label>
              <InputText id="iv-email" value={form.email} invalid={!!errors.email} aria-describedby={described('email')} onChange={(e) => set('email', e.target.value)} />
              {err('email')}
            </div>
            <div className={styles.field}>
              <label htmlFor="iv-city">Город</label>
              <Dropdown inputId="iv-city" value={form.city} options={data.cities} invalid={!!errors.city} aria-describedby={described('city')} onChange={(e) => set('city', e.value as string)} placeholder="Выберите город" />
              {err('city')}
            </div>
            <div className={styles.field}>
              <label htmlFor="iv-date">Дата</label>
              <Calendar inputId="iv-date" value={form.date} invalid={!!errors.date} aria-describedby={described('date')} dateFormat="dd.mm.yy" onChange={(e) => set('date', e.value ?? null)} />
              {err('date')}
            </div>
            <div className={styles.field}>
              <label htmlFor="iv-qty">Количество</label>
              <InputNumber inputId="iv-qty" value={form.qty} invalid={!!errors.qty} aria-describedby={described('qty')} onValueChange={(e) => set('qty', e.value ?? null)} locale="ru-RU" />
              {err('qty')}
            </div>
            <div className={styles.field}>
              <label htmlFor="iv-password">Пароль</label>
              <Password inputId="iv-password" value={form.password} invalid={!!errors.password} aria-describedby={described('password')} onChange={(e) => set('password', e.target.value)} feedback={false} toggleMask />
              {err('password')}
            </div>
          </div>
          <div className={styles.field}>
            <label htmlFor="iv-note">Комментарий</label>
            <InputTextarea id="iv-note" value={form.note} invalid={!!errors.note} aria-describedby={described('note')} onChange={(e) => set('note', e.target.value)} rows={3} />
            {err('note')}
          </div>
          <div className={styles.row}>
            <Button type="submit" label="Проверить" icon="pi pi-check" />
            <Button
              type="button"
              label="Очистить"
              text
              onClick={() => {
                setForm(EMPTY);
                setChecked(false);
              }}
            />
          </div>
        </form>
      </section>
    </>
  );
}
