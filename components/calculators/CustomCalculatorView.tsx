'use client';

import Link from 'next/link';
import { useAppRouter } from '@/components/layout/use-app-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { CalcStep } from '@/lib/schemas/calculators';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { customApi, type CustomRef } from './custom-api';
import { ResultView } from './ResultView';
import s from './calculators.module.css';

/** `/calculators/custom/{id}` (owner) or `/calculators/custom/shared/{token}` (by link): fill and run. */
export function CustomCalculatorView({ refOf }: { refOf: CustomRef }) {
  const router = useAppRouter();
  const [values, setValues] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<{ result: Record<string, string>; steps: CalcStep[] } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [actionMessage, setMessage] = useState<string | null>(null);
  const [link, setLink] = useState('');
  const key = JSON.stringify(refOf);

  const load = useLoad(() => customApi.get(JSON.parse(key) as CustomRef), [key]);
  const calc = load.data ?? null;
  const message = actionMessage ?? load.error;

  const run = async () => {
    try {
      setAnswer(await customApi.run(JSON.parse(key) as CustomRef, values));
      setErrors({});
      setMessage(null);
    } catch (e) {
      setAnswer(null);
      setMessage(userMessage(e));
      setErrors(isApiError(e) && e.fields ? Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k.replace(/^values\./, ''), v])) : {});
    }
  };

  const share = async () => {
    if (!calc) return;
    try {
      const r = await customApi.share(calc.id);
      setLink(r.link.startsWith('http') ? r.link : `${window.location.origin}${r.link}`);
    } catch (e) {
      setMessage(userMessage(e));
    }
  };

  /** «Добавить в мои калькуляторы» (opened by a share link): the copy opens as the user's own. */
  const addToMine = async () => {
    if (!('token' in refOf)) return;
    try {
      const r = await customApi.copy(refOf.token);
      router.push(`/calculators/custom/${r.calculator.id}`);
    } catch (e) {
      setMessage(userMessage(e));
    }
  };

  const remove = async () => {
    if (!calc || !window.confirm(`Удалить калькулятор «${calc.name}»?`)) return;
    try {
      await customApi.remove(calc.id);
      router.push('/calculators');
    } catch (e) {
      setMessage(userMessage(e));
    }
  };

  const formulaErrors = calc ? calc.formulas.map((f) => errors[f.name]).filter(Boolean) : [];
  return (
    <div className={s.page}>
      <PageBreadcrumb items={[{ label: 'Калькуляторы', to: '/calculators' }, calc?.name ?? 'Свой калькулятор']} />
      <h1>{calc?.name ?? 'Свой калькулятор'}</h1>
      {message ? (
        <p className={s.error} role="alert">
          {message} {formulaErrors.join(' ')}
        </p>
      ) : null}
      {calc ? (
        <>
          <section className={s.card} aria-label="Данные для расчёта">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void run();
              }}
            >
              <div className={s.form}>
                {calc.inputs.map((i) => (
                  <div key={i.name} className={s.field}>
                    <label htmlFor={`custom-${i.name}`}>{i.label}</label>
                    <InputText
                      id={`custom-${i.name}`}
                      inputMode="decimal"
                      value={values[i.name] ?? ''}
                      invalid={Boolean(errors[i.name])}
                      onChange={(e) => setValues({ ...values, [i.name]: e.target.value })}
                    />
                    {errors[i.name] ? (
                      <small className={s.error} role="alert">
                        {errors[i.name]}
                      </small>
                    ) : null}
                  </div>
                ))}
              </div>
              <div className={s.actions}>
                <Button type="submit" label="Рассчитать" icon="pi pi-calculator" />
                {calc.own ? (
                  <>
                    <Button type="button" label="Изменить" severity="secondary" outlined onClick={() => router.push(`/calculators/custom/${calc.id}/edit`)} />
                    <Button type="button" label="Поделиться ссылкой" icon="pi pi-share-alt" severity="secondary" outlined onClick={() => void share()} />
                    <Button type="button" label="Удалить" severity="danger" text onClick={() => void remove()} />
                  </>
                ) : 'token' in refOf ? (
                  <Button type="button" label="Добавить в мои калькуляторы" icon="pi pi-plus" severity="secondary" outlined onClick={() => void addToMine()} />
                ) : null}
              </div>
              {link ? (
                <p className={s.link}>
                  <InputText aria-label="Ссылка на калькулятор" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
                </p>
              ) : null}
            </form>
          </section>
          {answer ? (
            <ResultView
              outputs={calc.formulas.map((f) => ({ key: f.name, label: f.label, kind: f.kind === 'number' ? 'qty' : f.kind }))}
              result={answer.result}
              steps={answer.steps}
            />
          ) : null}
        </>
      ) : null}
      <p className={s.muted}>
        <Link href="/calculators">← Все калькуляторы</Link>
      </p>
    </div>
  );
}
