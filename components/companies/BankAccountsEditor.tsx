'use client';

import { Button } from 'primereact/button';
import { RadioButton } from 'primereact/radiobutton';
import { Field, TextInput } from './Field';
import type { FormParts } from './form-context';
import { newAccount, type AccountForm } from './form-model';
import s from './companies.module.css';

/** Several bank accounts, one of them the default. */
export function BankAccountsEditor({ form, set, err, touch }: FormParts) {
  const accounts = form.bankAccounts;
  const update = (i: number, patch: Partial<AccountForm>) =>
    set({ bankAccounts: accounts.map((a, j) => (j === i ? { ...a, ...patch } : a)) });
  const remove = (i: number) => {
    const rest = accounts.filter((_, j) => j !== i);
    if (rest.length > 0 && !rest.some((a) => a.isDefault)) rest[0] = { ...rest[0]!, isDefault: true };
    set({ bankAccounts: rest });
  };
  return (
    <>
      <h3 className={s.section}>Банковские счета</h3>
      {accounts.length === 0 && <p className={s.muted}>Счетов пока нет.</p>}
      {accounts.map((a, i) => {
        const path = (k: string) => `bankAccounts.${i}.${k}`;
        const input = (k: 'bik' | 'bankName' | 'corrAccount' | 'account', label: string, numeric = true) => (
          <Field id={`account-${i}-${k}`} label={label} error={err(path(k))}>
            <TextInput
              id={`account-${i}-${k}`}
              value={a[k]}
              onChange={(v) => update(i, { [k]: v })}
              onBlur={() => touch(path(k))}
              error={err(path(k))}
              inputMode={numeric ? 'numeric' : 'text'}
            />
          </Field>
        );
        return (
          <fieldset key={a.key} className={s.account} aria-label={`Счёт ${i + 1}`}>
            <div className={s.accountHead}>
              <div className={s.check} style={{ marginBottom: 0 }}>
                <RadioButton
                  inputId={`account-${i}-default`}
                  name="default-account"
                  checked={a.isDefault}
                  onChange={() => set({ bankAccounts: accounts.map((x, j) => ({ ...x, isDefault: j === i })) })}
                />
                <label htmlFor={`account-${i}-default`}>Основной счёт</label>
              </div>
              <Button
                type="button"
                icon="pi pi-trash"
                text
                severity="danger"
                aria-label={`Удалить счёт ${i + 1}`}
                onClick={() => remove(i)}
              />
            </div>
            <div className={s.grid}>
              {input('bik', 'БИК')}
              {input('bankName', 'Банк', false)}
              {input('corrAccount', 'Корр. счёт')}
              {input('account', 'Расчётный счёт')}
            </div>
          </fieldset>
        );
      })}
      <Button
        type="button"
        icon="pi pi-plus"
        label="Добавить счёт"
        outlined
        onClick={() => set({ bankAccounts: [...accounts, newAccount(accounts.length === 0)] })}
      />
    </>
  );
}
