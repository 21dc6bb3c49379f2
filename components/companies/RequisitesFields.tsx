'use client';

import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import {
  COMPANY_KIND_TITLES,
  COMPANY_KINDS,
  REGIMES_OF_KIND,
  TAX_REGIME_TITLES,
  vatTitle,
} from '@/lib/domain/requisites';
import { Field, TextInput } from './Field';
import type { FormParts } from './form-context';
import { withKind } from './form-model';
import s from './companies.module.css';

/** Name, kind, реквизиты, contacts and the tax regime of the company form. */
export function RequisitesFields({ form, set, err, touch }: FormParts) {
  const text = (key: keyof typeof form & string, label: string, opts: { wide?: boolean; numeric?: boolean; hint?: string; type?: 'email' | 'tel' } = {}) => (
    <Field id={`company-${key}`} label={label} error={err(key)} hint={opts.hint} wide={opts.wide}>
      <TextInput
        id={`company-${key}`}
        value={form[key] as string}
        onChange={(v) => set({ [key]: v } as Partial<typeof form>)}
        onBlur={() => touch(key)}
        error={err(key)}
        inputMode={opts.numeric ? 'numeric' : opts.type}
      />
    </Field>
  );
  const legal = form.kind === 'legal';
  return (
    <>
      <div className={s.check}>
        <Checkbox inputId="company-isOwn" checked={form.isOwn} onChange={(e) => set({ isOwn: !!e.checked })} />
        <label htmlFor="company-isOwn">Своя компания (иначе — контрагент)</label>
      </div>
      <div className={s.grid}>
        <Field id="company-kind" label="Вид">
          <Dropdown
            inputId="company-kind"
            value={form.kind}
            options={COMPANY_KINDS.map((k) => ({ value: k, label: COMPANY_KIND_TITLES[k] }))}
            onChange={(e) => set(withKind(form, e.value))}
          />
        </Field>
        <Field id="company-taxRegime" label="Налоговый режим" error={err('taxRegime')} hint={vatTitle(form.taxRegime)}>
          <Dropdown
            inputId="company-taxRegime"
            value={form.taxRegime}
            options={REGIMES_OF_KIND[form.kind].map((r) => ({ value: r, label: TAX_REGIME_TITLES[r] }))}
            onChange={(e) => set({ taxRegime: e.value })}
          />
        </Field>
        {text('fullName', 'Полное наименование', { wide: true })}
        {text('shortName', 'Краткое наименование', { wide: true })}
        {text('inn', 'ИНН', { numeric: true, hint: legal ? '10 цифр' : '12 цифр' })}
        {legal && text('kpp', 'КПП', { hint: '9 знаков' })}
        {form.kind !== 'person' && text('ogrn', legal ? 'ОГРН' : 'ОГРНИП', { numeric: true, hint: legal ? '13 цифр' : '15 цифр' })}
        {form.kind !== 'person' && text('okpo', 'ОКПО', { numeric: true })}
        {!legal && text('snils', 'СНИЛС', { numeric: true, hint: 'XXX-XXX-XXX YY' })}
        {text('legalAddress', legal ? 'Юридический адрес' : 'Адрес регистрации', { wide: true })}
        {text('postalAddress', 'Почтовый адрес', { wide: true })}
        {legal && text('directorName', 'Руководитель (ФИО)')}
        {legal && text('directorTitle', 'Должность руководителя')}
        {form.kind !== 'person' && text('accountantName', 'Главный бухгалтер')}
        {text('phone', 'Телефон', { type: 'tel' })}
        {text('email', 'Электронная почта', { type: 'email' })}
      </div>
    </>
  );
}
