'use client';

import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputMask } from 'primereact/inputmask';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import data from '../data/pages.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import pg from './pages.module.css';

interface Form {
  name: string;
  email: string;
  phone: string;
  topic: string | null;
  text: string;
  consent: boolean;
}
type Errors = Partial<Record<keyof Form, string>>;
const EMPTY: Form = { name: '', email: '', phone: '', topic: null, text: '', consent: false };
const MAX_TEXT = 1000;

/** The contact form's rules: a Russian message per field. */
function validate(f: Form): Errors {
  const e: Errors = {};
  if (f.name.trim().length < 2) e.name = 'Как к вам обращаться? Не короче двух букв.';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(f.email.trim())) e.email = 'Введите адрес вида name@example.ru.';
  if (f.phone && f.phone.replace(/\D/g, '').length !== 11) e.phone = 'Номер целиком: +7 и десять цифр.';
  if (!f.topic) e.topic = 'Выберите тему.';
  if (f.text.trim().length < 10) e.text = 'Опишите вопрос: не короче 10 символов.';
  else if (f.text.length > MAX_TEXT) e.text = `Не длиннее ${MAX_TEXT} символов.`;
  if (!f.consent) e.consent = 'Нужно согласие на обработку персональных данных.';
  return e;
}

const { company } = data;

/** «Контакты»: the sample company's details and a message form with validation and a confirmation (nothing is sent). */
export function ContactPage() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<Form | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    if (errors[k]) setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setSent(form);
      setForm(EMPTY);
    }
  };
  const err = (k: keyof Form) =>
    errors[k] ? (
      <small id={`ct-${k}-error`} className={styles.error}>
        {errors[k]}
      </small>
    ) : null;
  const aria = (k: keyof Form) => ({ invalid: Boolean(errors[k]), 'aria-describedby': errors[k] ? `ct-${k}-error` : undefined });

  return (
    <>
      <DemoPageHeader description="Форма обратной связи образцовой компании: проверка полей и подтверждение. Письмо никуда не уходит." />
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Написать нам</h2>
          {sent ? (
            <div className={styles.stack} data-testid="contact-sent">
              <Message severity="success" text={`Спасибо, ${sent.name.trim()}! Сообщение на тему «${sent.topic}» принято.`} />
              <p>
                Мы ответим на {sent.email.trim()} в течение рабочего дня{sent.phone ? ` или позвоним по номеру ${sent.phone}` : ''}.
              </p>
              <Button type="button" label="Написать ещё" outlined onClick={() => setSent(null)} />
            </div>
          ) : (
            <form noValidate onSubmit={submit}>
              <div className={styles.field}>
                <label htmlFor="ct-name">Имя</label>
                <InputText id="ct-name" value={form.name} onChange={(e) => set('name', e.target.value)} {...aria('name')} />
                {err('name')}
              </div>
              <div className={styles.field}>
                <label htmlFor="ct-email">Электронная почта</label>
                <InputText id="ct-email" type="email" value={form.email} onChange={(e) => set('email', e.target.value)} {...aria('email')} />
                {err('email')}
              </div>
              <div className={styles.field}>
                <label htmlFor="ct-phone">Телефон (необязательно)</label>
                <InputMask id="ct-phone" mask="+7 (999) 999-99-99" value={form.phone} onChange={(e) => set('phone', e.target.value ?? '')} {...aria('phone')} />
                {err('phone')}
              </div>
              <div className={styles.field}>
                <label htmlFor="ct-topic">Тема</label>
                <Dropdown inputId="ct-topic" value={form.topic} options={data.contactTopics} onChange={(e) => set('topic', e.value as string)} placeholder="Выберите тему" {...aria('topic')} />
                {err('topic')}
              </div>
              <div className={styles.field}>
                <label htmlFor="ct-text">Сообщение</label>
                <InputTextarea id="ct-text" rows={5} value={form.text} onChange={(e) => set('text', e.target.value)} {...aria('text')} />
                <small className={styles.muted}>
                  {form.text.length} из {MAX_TEXT}
                </small>
                {err('text')}
              </div>
              <div className={styles.field}>
                <div className={styles.check}>
                  <Checkbox inputId="ct-consent" checked={form.consent} onChange={(e) => set('consent', Boolean(e.checked))} {...aria('consent')} />
                  <label htmlFor="ct-consent">Согласен на обработку персональных данных</label>
                </div>
                {err('consent')}
              </div>
              <Button type="submit" label="Отправить" icon="pi pi-send" />
            </form>
          )}
        </section>
        <section className={styles.card}>
          <h2>{company.name}</h2>
          <ul className={pg.contacts}>
            <li>
              <i className="pi pi-map-marker" aria-hidden="true" />
              <span>{company.address}</span>
            </li>
            <li>
              <i className="pi pi-phone" aria-hidden="true" />
              <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
            </li>
            <li>
              <i className="pi pi-envelope" aria-hidden="true" />
              <span>{company.email}</span>
            </li>
            <li>
              <i className="pi pi-clock" aria-hidden="true" />
              <span>{company.hours}</span>
            </li>
            <li>
              <i className="pi pi-building" aria-hidden="true" />
              <span>
                ИНН {company.inn}, КПП {company.kpp}, ОГРН {company.ogrn}
              </span>
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
