'use client';

import { useAppRouter } from '@/components/layout/use-app-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import type { CustomDefinition } from '@/lib/schemas/calculators-custom';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { customApi } from './custom-api';
import s from './calculators.module.css';

type Def = CustomDefinition;
const KINDS = [
  { value: 'money', label: 'Деньги, ₽ (до копеек)' },
  { value: 'number', label: 'Число' },
  { value: 'percent', label: 'Процент' },
] as const;

const EMPTY: Def = {
  name: '',
  inputs: [{ name: 'цена', label: 'Цена, ₽' }],
  formulas: [{ name: 'итого', label: 'Итого', expr: 'цена * 1,22', kind: 'money' }],
};

/** `/calculators/custom/new` and `/calculators/custom/{id}/edit`: named inputs and formulas, saved per user. */
export function CustomCalculatorEditor({ id }: { id?: string }) {
  const router = useAppRouter();
  const [def, setDef] = useState<Def>(EMPTY);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [actionMessage, setMessage] = useState<string | null>(null);

  // The stored calculator seeds the form once per answer; the form stays editable after that.
  const stored = useLoad(() => customApi.get({ id: id as string }), [id], { enabled: id !== undefined });
  const message = actionMessage ?? stored.error;
  const [seeded, setSeeded] = useState(stored.data);
  if (stored.data && stored.data !== seeded) {
    setSeeded(stored.data);
    setDef({ name: stored.data.name, inputs: stored.data.inputs, formulas: stored.data.formulas });
  }

  const save = async () => {
    try {
      const saved = await customApi.save(id ? { ...def, id } : def);
      router.push(`/calculators/custom/${saved.id}`);
    } catch (e) {
      setMessage(userMessage(e));
      setFields(isApiError(e) && e.fields ? e.fields : {});
    }
  };

  const err = (path: string) =>
    fields[path] ? (
      <small className={s.error} role="alert">
        {fields[path]}
      </small>
    ) : null;
  const setInput = (k: number, patch: Partial<Def['inputs'][number]>) => setDef({ ...def, inputs: def.inputs.map((x, i) => (i === k ? { ...x, ...patch } : x)) });
  const setFormula = (k: number, patch: Partial<Def['formulas'][number]>) => setDef({ ...def, formulas: def.formulas.map((x, i) => (i === k ? { ...x, ...patch } : x)) });

  return (
    <div className={s.page}>
      <PageBreadcrumb items={[{ label: 'Калькуляторы', to: '/calculators' }, id ? 'Изменить калькулятор' : 'Свой калькулятор']} />
      <h1>{id ? 'Изменить калькулятор' : 'Свой калькулятор'}</h1>
      <p className={s.muted}>
        Поля — то, что вводит пользователь; формулы считаются по порядку и могут ссылаться на поля и формулы выше. Можно: + − * / ^, скобки,
        сравнения, функции min, max, abs, round(x; 2), floor, ceil, if(условие; да; нет). Аргументы — через «;», дробная часть — через запятую.
      </p>
      <section className={s.card} aria-label="Описание калькулятора">
        <div className={s.field}>
          <label htmlFor="custom-name">Название</label>
          <InputText id="custom-name" value={def.name} invalid={Boolean(fields.name)} onChange={(e) => setDef({ ...def, name: e.target.value })} />
          {err('name')}
        </div>
        <h2>Поля</h2>
        {def.inputs.map((x, k) => (
          <div key={k} className={s.form}>
            <div className={s.field}>
              <label htmlFor={`in-name-${k}`}>Имя поля {k + 1}</label>
              <InputText id={`in-name-${k}`} value={x.name} onChange={(e) => setInput(k, { name: e.target.value })} />
              {err(`inputs.${k}.name`)}
            </div>
            <div className={s.field}>
              <label htmlFor={`in-label-${k}`}>Подпись поля {k + 1}</label>
              <InputText id={`in-label-${k}`} value={x.label} onChange={(e) => setInput(k, { label: e.target.value })} />
              {err(`inputs.${k}.label`)}
            </div>
            <div className={s.field}>
              <Button type="button" label="Убрать поле" text severity="secondary" onClick={() => setDef({ ...def, inputs: def.inputs.filter((_, i) => i !== k) })} />
            </div>
          </div>
        ))}
        <div className={s.actions}>
          <Button type="button" label="Добавить поле" icon="pi pi-plus" outlined onClick={() => setDef({ ...def, inputs: [...def.inputs, { name: '', label: '' }] })} />
        </div>
        <h2>Формулы</h2>
        {def.formulas.map((f, k) => (
          <div key={k} className={s.form}>
            <div className={s.field}>
              <label htmlFor={`f-name-${k}`}>Имя формулы {k + 1}</label>
              <InputText id={`f-name-${k}`} value={f.name} onChange={(e) => setFormula(k, { name: e.target.value })} />
              {err(`formulas.${k}.name`)}
            </div>
            <div className={s.field}>
              <label htmlFor={`f-label-${k}`}>Подпись формулы {k + 1}</label>
              <InputText id={`f-label-${k}`} value={f.label} onChange={(e) => setFormula(k, { label: e.target.value })} />
              {err(`formulas.${k}.label`)}
            </div>
            <div className={s.field}>
              <label htmlFor={`f-expr-${k}`}>Формула {k + 1}</label>
              <InputText id={`f-expr-${k}`} value={f.expr} onChange={(e) => setFormula(k, { expr: e.target.value })} />
              {err(`formulas.${k}.expr`)}
            </div>
            <div className={s.field}>
              <label htmlFor={`f-kind-${k}`}>Результат {k + 1}</label>
              <select id={`f-kind-${k}`} className={s.select} value={f.kind} onChange={(e) => setFormula(k, { kind: e.target.value as Def['formulas'][number]['kind'] })}>
                {KINDS.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              <Button type="button" label="Убрать формулу" text severity="secondary" onClick={() => setDef({ ...def, formulas: def.formulas.filter((_, i) => i !== k) })} />
            </div>
          </div>
        ))}
        {err('formulas')}
        <div className={s.actions}>
          <Button
            type="button"
            label="Добавить формулу"
            icon="pi pi-plus"
            outlined
            onClick={() => setDef({ ...def, formulas: [...def.formulas, { name: '', label: '', expr: '', kind: 'money' }] })}
          />
        </div>
        {message ? (
          <p className={s.error} role="alert">
            {message}
          </p>
        ) : null}
        <div className={s.actions}>
          <Button type="button" label="Сохранить" icon="pi pi-check" onClick={() => void save()} />
        </div>
      </section>
    </div>
  );
}
