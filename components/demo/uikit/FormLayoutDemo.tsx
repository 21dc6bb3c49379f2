'use client';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import kit from './uikit.module.css';

/** UI kit: the usual form layouts — vertical, horizontal, inline and a multi-column address form. */
export function FormLayoutDemo() {
  const [sent, setSent] = useState<string | null>(null);
  const [city, setCity] = useState<string | null>(null);
  const submit = (what: string) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const first = [...form.values()].find((v) => typeof v === 'string' && v.trim() !== '');
    setSent(first ? `${what}: данные приняты («${String(first).trim()}»).` : `${what}: форма пуста.`);
  };

  return (
    <>
      <DemoPageHeader description="Раскладки форм: подписи над полями, слева от полей, в одну строку и в несколько колонок." />
      {sent && (
        <div style={{ marginBottom: '1rem' }} data-testid="form-sent">
          <Message severity="success" text={sent} />
        </div>
      )}
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Подписи над полями</h2>
          <form onSubmit={submit('Вертикальная форма')}>
            <div className={styles.field}>
              <label htmlFor="fl-v-name">Имя</label>
              <InputText id="fl-v-name" name="name" />
            </div>
            <div className={styles.field}>
              <label htmlFor="fl-v-email">Электронная почта</label>
              <InputText id="fl-v-email" name="email" type="email" />
            </div>
            <div className={styles.field}>
              <label htmlFor="fl-v-age">Возраст</label>
              <InputText id="fl-v-age" name="age" inputMode="numeric" />
            </div>
            <Button type="submit" label="Отправить" />
          </form>
        </section>
        <section className={styles.card}>
          <h2>Подписи слева</h2>
          <form onSubmit={submit('Горизонтальная форма')}>
            <div className={kit.hField}>
              <label htmlFor="fl-h-name">Имя</label>
              <InputText id="fl-h-name" name="name" />
            </div>
            <div className={kit.hField}>
              <label htmlFor="fl-h-email">Почта</label>
              <InputText id="fl-h-email" name="email" type="email" />
            </div>
            <Button type="submit" label="Отправить" outlined />
          </form>
          <h2 style={{ marginTop: '1.5rem' }}>В одну строку</h2>
          <form onSubmit={submit('Строчная форма')} className={styles.row}>
            <InputText name="first" aria-label="Имя" placeholder="Имя" />
            <InputText name="last" aria-label="Фамилия" placeholder="Фамилия" />
            <Button type="submit" label="Найти" icon="pi pi-search" />
          </form>
        </section>
      </div>
      <section className={styles.card}>
        <h2>Адрес доставки</h2>
        <form onSubmit={submit('Адрес')}>
          <div className={kit.cols}>
            <div className={styles.field}>
              <label htmlFor="fl-a-first">Имя</label>
              <InputText id="fl-a-first" name="first" />
            </div>
            <div className={styles.field}>
              <label htmlFor="fl-a-last">Фамилия</label>
              <InputText id="fl-a-last" name="last" />
            </div>
            <div className={`${styles.field} ${kit.wide}`}>
              <label htmlFor="fl-a-address">Адрес</label>
              <InputTextarea id="fl-a-address" name="address" rows={3} />
            </div>
            <div className={styles.field}>
              <label htmlFor="fl-a-city">Город</label>
              <Dropdown inputId="fl-a-city" value={city} options={data.cities} onChange={(e) => setCity(e.value as string)} placeholder="Выберите город" />
            </div>
            <div className={styles.field}>
              <label htmlFor="fl-a-zip">Индекс</label>
              <InputText id="fl-a-zip" name="zip" inputMode="numeric" maxLength={6} />
            </div>
          </div>
          <Button type="submit" label="Сохранить адрес" icon="pi pi-check" />
        </form>
      </section>
    </>
  );
}
