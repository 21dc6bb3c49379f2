'use client';

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useState } from 'react';
import { moscowToday, parseRuDate, formatIsoDate } from '@/lib/domain/format/date';
import { parseMoney } from '@/lib/domain/money';
import s from '../apps.module.css';
import { CATEGORIES, type Account, type Transaction } from './banking';

interface Draft {
  kind: 'in' | 'out';
  accountId: string;
  amount: string;
  description: string;
  category: string;
  date: string;
}
type Errors = Partial<Record<keyof Draft, string>>;

/** «Новая операция»: an income or an expense on an account, checked before it is added. */
export function OperationDialog({
  accounts,
  visible,
  onHide,
  onSave,
}: {
  accounts: Account[];
  visible: boolean;
  onHide: () => void;
  onSave: (t: Omit<Transaction, 'id'>) => void;
}) {
  const blank = (): Draft => ({ kind: 'out', accountId: accounts[0]?.id ?? '', amount: '', description: '', category: '', date: formatIsoDate(moscowToday()) });
  const [d, setD] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Errors>({});
  const change = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  const save = () => {
    const e: Errors = {};
    const amount = parseMoney(d.amount);
    if (!amount.ok) e.amount = amount.message;
    else if (amount.value.lte(0)) e.amount = 'Сумма должна быть больше нуля.';
    else if (amount.value.gt('1000000000')) e.amount = 'Сумма — не больше 1 000 000 000 ₽.';
    if (!d.description.trim()) e.description = 'Укажите назначение платежа.';
    else if (d.description.length > 200) e.description = 'Назначение — не длиннее 200 символов.';
    if (!d.category) e.category = 'Выберите категорию.';
    if (!d.accountId) e.accountId = 'Выберите счёт.';
    const iso = parseRuDate(d.date);
    if (!iso) e.date = 'Введите дату вида 25.11.2026.';
    else if (iso > moscowToday()) e.date = 'Дата операции не может быть в будущем.';
    setErrors(e);
    if (Object.keys(e).length || !amount.ok || !iso) return;
    const value = amount.value.toFixed(2);
    onSave({ date: iso, accountId: d.accountId, description: d.description.trim(), category: d.category, amount: d.kind === 'out' ? `-${value}` : value });
    setD(blank());
    setErrors({});
  };

  const err = (k: keyof Draft) =>
    errors[k] && (
      <small id={`op-${k}-error`} className={s.error}>
        {errors[k]}
      </small>
    );
  const aria = (k: keyof Draft) => ({ invalid: !!errors[k], 'aria-describedby': errors[k] ? `op-${k}-error` : undefined });

  return (
    <Dialog
      header="Новая операция"
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(32rem, 95vw)' }}
      footer={
        <>
          <Button label="Отмена" text onClick={onHide} />
          <Button label="Добавить" icon="pi pi-check" onClick={save} />
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className={s.field}>
          <SelectButton
            value={d.kind}
            options={[
              { label: 'Расход', value: 'out' },
              { label: 'Доход', value: 'in' },
            ]}
            onChange={(e) => e.value && change({ kind: e.value as Draft['kind'] })}
            aria-label="Вид операции"
          />
        </div>
        <div className={s.formGrid}>
          <div className={s.field}>
            <label htmlFor="op-amount">Сумма, ₽</label>
            <InputText id="op-amount" inputMode="decimal" value={d.amount} onChange={(e) => change({ amount: e.target.value })} {...aria('amount')} />
            {err('amount')}
          </div>
          <div className={s.field}>
            <label htmlFor="op-date">Дата</label>
            <InputText id="op-date" inputMode="numeric" placeholder="дд.мм.гггг" value={d.date} onChange={(e) => change({ date: e.target.value })} {...aria('date')} />
            {err('date')}
          </div>
        </div>
        <div className={s.field}>
          <label htmlFor="op-description">Назначение</label>
          <InputText id="op-description" value={d.description} onChange={(e) => change({ description: e.target.value })} {...aria('description')} />
          {err('description')}
        </div>
        <div className={s.formGrid}>
          <div className={s.field}>
            <label htmlFor="op-account">Счёт</label>
            <Dropdown inputId="op-account" value={d.accountId} options={accounts} optionLabel="name" optionValue="id" onChange={(e) => change({ accountId: e.value as string })} />
            {err('accountId')}
          </div>
          <div className={s.field}>
            <label htmlFor="op-category">Категория</label>
            <Dropdown inputId="op-category" value={d.category} options={CATEGORIES} placeholder="Выберите" invalid={!!errors.category} onChange={(e) => change({ category: e.value as string })} />
            {err('category')}
          </div>
        </div>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
