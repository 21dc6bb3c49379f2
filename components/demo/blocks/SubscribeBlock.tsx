'use client';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import b from './blocks.module.css';

/** A call to action: an e-mail field that checks the address and thanks (nothing is sent). */
export function SubscribeBlock() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) return setError('Введите адрес вида name@example.ru.');
    setError('');
    setDone(true);
  };
  return (
    <div className={b.subscribe}>
      <h3>Новости об изменениях в законах</h3>
      <p>Раз в месяц: новые ставки, сроки и формы. Без рекламы.</p>
      {done ? (
        <p role="status">Готово: письма будут приходить на {email.trim()}.</p>
      ) : (
        <form className={b.actions} onSubmit={submit} noValidate>
          <InputText value={email} onChange={(e) => setEmail(e.target.value)} placeholder="name@example.ru" aria-label="Электронная почта" invalid={!!error} />
          <Button type="submit" label="Подписаться" />
          {error && <small className={b.error}>{error}</small>}
        </form>
      )}
    </div>
  );
}
