'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { formatIsoDate, parseRuDate } from '@/lib/domain/format/date';
import { productApi } from '@/lib/client/api';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { call } from '@/lib/client/call';
import { getRoles } from '@/lib/client/roles';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { rateValueLines } from './rate-value';
import s from './calculators.module.css';

// The key-rate import dialog loads when it is opened.
const KeyRateImportDialog = dynamic(() => import('./KeyRateImportDialog').then((m) => m.KeyRateImportDialog), { ssr: false });

interface Kind {
  kind: string;
  title: string;
  usedBy: { id: string; title: string }[];
}
interface Rate {
  id: number;
  kind: string;
  effectiveFrom: string;
  value: unknown;
  source: string;
}

const NO_KINDS: Kind[] = [];
const NO_RATES: Rate[] = [];

/** One line as text, several as a list (a scale, shares by days, tariffs). */
function RateValue({ kind, value }: { kind: string; value: unknown }) {
  const lines = rateValueLines(kind, value);
  if (lines.length === 1) return <>{lines[0]}</>;
  return (
    <ul className={s.valueList}>
      {lines.map((l, i) => (
        <li key={i}>{l}</li>
      ))}
    </ul>
  );
}

/** `/calculators/rates`: the dated rate tables, where each is used, and (admin) a new dated row or the key-rate XLSX import. */
export function RatesAdmin() {
  // The tables stay on screen when a reload fails; its message shows above them.
  const list = useLoad(() => call('product', 'calculators/rates/list', {}), [], { keep: true });
  const { error, reload: load } = list;
  const kinds: Kind[] = list.data?.kinds ?? NO_KINDS;
  const rates: Rate[] = list.data?.rates ?? NO_RATES;
  const isAdmin = list.data !== undefined && getRoles().includes('admin');
  const [form, setForm] = useState({ kind: 'key_rate', effectiveFrom: '', value: '', source: '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  const add = async () => {
    const iso = parseRuDate(form.effectiveFrom);
    if (!iso) {
      setFields({ effectiveFrom: 'Введите дату как дд.мм.гггг.' });
      return;
    }
    let value: unknown = form.value;
    if (form.value.trim().startsWith('{')) {
      try {
        value = JSON.parse(form.value);
      } catch {
        setFields({ value: 'Шкала записывается в JSON, как в таблице выше.' });
        return;
      }
    }
    try {
      await productApi('calculators/rates/add', { ...form, effectiveFrom: iso, value });
      setFields({});
      setDone('Ставка добавлена.');
      setForm((f) => ({ ...f, effectiveFrom: '', value: '', source: '' }));
      load();
    } catch (e) {
      setDone(null);
      setFields(isApiError(e) && e.fields ? Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k.split('.')[0]!, v])) : { _: userMessage(e) });
    }
  };

  return (
    <div className={s.page}>
      <PageBreadcrumb items={[{ label: 'Калькуляторы', to: '/calculators' }, 'Таблицы ставок']} />
      <h1>Таблицы ставок</h1>
      <p className={s.muted}>Каждая ставка действует с указанной даты до следующей строки того же вида. Новое решение закона — новая строка.</p>
      {error ? <p className={s.error} role="alert">{error}</p> : null}
      {isAdmin ? (
        <section className={s.card} aria-label="Новая ставка">
          <h2>Добавить ставку</h2>
          <div className={s.form}>
            <div className={s.field}>
              <label htmlFor="rate-kind">Вид ставки</label>
              <select id="rate-kind" className={s.select} value={form.kind} onChange={(e) => setForm({ ...form, kind: e.target.value })}>
                {kinds.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.title}
                  </option>
                ))}
              </select>
            </div>
            {(['effectiveFrom', 'value', 'source'] as const).map((name) => (
              <div key={name} className={s.field}>
                <label htmlFor={`rate-${name}`}>{{ effectiveFrom: 'Действует с (дд.мм.гггг)', value: 'Значение', source: 'Источник (закон и статья, решение Банка России, постановление)' }[name]}</label>
                <InputText id={`rate-${name}`} value={form[name]} invalid={Boolean(fields[name])} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
                {fields[name] ? <small className={s.error} role="alert">{fields[name]}</small> : null}
              </div>
            ))}
          </div>
          {fields._ ? <p className={s.error} role="alert">{fields._}</p> : null}
          <div className={s.actions}>
            <Button type="button" label="Добавить" icon="pi pi-plus" onClick={() => void add()} />
            <Button type="button" label="Импорт из XLSX Банка России" icon="pi pi-file-import" severity="secondary" outlined onClick={() => setImporting(true)} />
            {done ? <span role="status">{done}</span> : null}
          </div>
        </section>
      ) : null}
      {importing ? <KeyRateImportDialog onClose={() => setImporting(false)} onImported={load} /> : null}
      {kinds.map((k) => (
        <section key={k.kind} className={s.card} aria-label={k.title}>
          <h2>{k.title}</h2>
          <p className={s.muted}>
            Используется:{' '}
            {k.usedBy.length === 0
              ? 'калькуляция себестоимости'
              : k.usedBy.map((u, i) => (
                  <span key={u.id}>
                    {i > 0 ? ', ' : ''}
                    <Link href={`/calculators/${u.id}`}>{u.title}</Link>
                  </span>
                ))}
          </p>
          <table className={`${s.table} ${s.rates}`}>
            <thead>
              <tr>
                <th>Действует с</th>
                <th>Значение</th>
                <th>Источник</th>
              </tr>
            </thead>
            <tbody>
              {rates
                .filter((r) => r.kind === k.kind)
                .map((r) => (
                  <tr key={r.id}>
                    <td data-label="Действует с" className={s.nowrap}>{formatIsoDate(r.effectiveFrom)}</td>
                    <td data-label="Значение">
                      <RateValue kind={r.kind} value={r.value} />
                    </td>
                    <td data-label="Источник" className={s.sourceCell}>{r.source}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
