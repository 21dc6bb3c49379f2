'use client';

import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { OVERHEAD_BASE_TITLES, OVERHEAD_BASES } from '@/lib/domain/cost/overhead-bases';
import { Field, TextInput } from './Field';
import type { FormParts } from './form-context';
import type { CostingForm } from './form-model';
import s from './companies.module.css';

const BASES = OVERHEAD_BASES.map((b) => ({ value: b, label: OVERHEAD_BASE_TITLES[b] }));
const METHODS = [
  { value: 'flow', label: 'Бесполуфабрикатный (по статьям)' },
  { value: 'semi', label: 'Полуфабрикатный' },
];

/** An own company's defaults for /cost; empty = the calculation's own default. */
export function CostingFields({ form, set, err, touch }: FormParts) {
  const k = form.costing;
  const put = (patch: Partial<CostingForm>) => set({ costing: { ...k, ...patch } });
  const pct = (key: 'additionalWagePct' | 'contributionsPct' | 'accidentPct' | 'sellingPct', label: string, hint?: string) => (
    <Field id={`costing-${key}`} label={label} error={err(`costing.${key}`)} hint={hint}>
      <TextInput
        id={`costing-${key}`}
        value={k[key]}
        onChange={(v) => put({ [key]: v })}
        onBlur={() => touch(`costing.${key}`)}
        error={err(`costing.${key}`)}
        inputMode="decimal"
      />
    </Field>
  );
  const pool = (which: 'shop' | 'general', label: string) => {
    const base = which === 'shop' ? k.shopBase : k.generalBase;
    const path = `costing.${which}.${base === 'machineHours' ? 'rate' : 'pct'}`;
    return (
      <>
        <Field id={`costing-${which}-base`} label={`${label}: база`}>
          <Dropdown
            inputId={`costing-${which}-base`}
            value={base}
            options={BASES}
            onChange={(e) => put(which === 'shop' ? { shopBase: e.value } : { generalBase: e.value })}
          />
        </Field>
        <Field id={`costing-${which}-value`} label={`${label}: ${base === 'machineHours' ? 'ставка, ₽/маш.-ч' : '%'}`} error={err(path)}>
          <TextInput
            id={`costing-${which}-value`}
            value={which === 'shop' ? k.shopValue : k.generalValue}
            onChange={(v) => put(which === 'shop' ? { shopValue: v } : { generalValue: v })}
            onBlur={() => touch(path)}
            error={err(path)}
            inputMode="decimal"
          />
        </Field>
      </>
    );
  };
  return (
    <>
      <h3 className={s.section}>Параметры калькуляции по умолчанию</h3>
      <p className={s.muted}>Подставляются в расчёт себестоимости. Пустое поле — значение по умолчанию расчёта.</p>
      <div className={s.grid}>
        {pct('additionalWagePct', 'Дополнительная ЗП, % от основной')}
        {pct('contributionsPct', 'Страховые взносы, %')}
        {pct('accidentPct', 'Взносы на травматизм (НС и ПЗ), %')}
        {pct('sellingPct', 'Коммерческие расходы, % от производственной')}
        {pool('shop', 'ОПР (цеховые)')}
        {pool('general', 'ОХР (общехозяйственные)')}
        <Field
          id="costing-semiFinishedMethod"
          label="Полуфабрикаты собственного производства"
          hint="По статьям — затраты полуфабриката входят в статьи изделия, накладные начисляются один раз; полуфабрикатный — одной строкой по его производственной себестоимости."
        >
          <Dropdown
            inputId="costing-semiFinishedMethod"
            value={k.semiFinishedMethod}
            options={METHODS}
            onChange={(e) => put({ semiFinishedMethod: e.value })}
          />
        </Field>
      </div>
      <div className={s.check}>
        <Checkbox inputId="costing-directCosting" checked={k.directCosting} onChange={(e) => put({ directCosting: !!e.checked })} />
        <label htmlFor="costing-directCosting">Директ-костинг: ОХР не входят в производственную себестоимость</label>
      </div>
    </>
  );
}
