'use client';

import { PARAM_DEFAULTS } from '@/lib/domain/cost/defaults';
import { paramsForEditing } from '@/lib/domain/cost/display';
import {
  SEMI_FINISHED_METHOD_TITLES,
  SEMI_FINISHED_METHODS,
  TAX_REGIME_TITLES,
  TAX_REGIMES,
  type CostParams,
  type OverheadPool,
  type SemiFinishedMethod,
  type TaxRegime,
} from '@/lib/domain/cost/types';
import { formatPercentText } from '@/lib/domain/money/text';
import type { LawDefaults } from './api';
import s from './cost.module.css';

export type PriceMode = 'markup' | 'margin' | 'price' | 'cost';

export interface ParamsForm {
  params: CostParams;
  priceMode: PriceMode;
  priceValue: string;
}

/** The form state → the wire `params` (empty fields are left out: the server's defaults apply). */
export function paramsOf(form: ParamsForm): CostParams {
  const p: CostParams = { ...form.params };
  delete p.markupPct;
  delete p.marginPct;
  delete p.price;
  if (form.priceMode === 'markup') p.markupPct = form.priceValue;
  if (form.priceMode === 'margin') p.marginPct = form.priceValue;
  if (form.priceMode === 'price') p.price = form.priceValue;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) {
    if (v === '' || v === undefined) continue;
    if (typeof v === 'object' && v) {
      const pool = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== '' && x !== undefined));
      out[k] = pool;
    } else out[k] = v;
  }
  return out as CostParams;
}

/** Stored parameters (wire form) → the form state, every number shown Russian («0.2» → «0,2»). */
export function formOf(stored: CostParams): ParamsForm {
  const params = paramsForEditing(stored);
  const priceMode: PriceMode = params.markupPct ? 'markup' : params.marginPct ? 'margin' : params.price ? 'price' : 'markup';
  return { params, priceMode, priceValue: params.markupPct ?? params.marginPct ?? params.price ?? '' };
}

const BASES = [
  { value: 'wages', label: '% от основной ЗП' },
  { value: 'direct', label: '% от прямых затрат' },
  { value: 'machineHours', label: '₽ за машино-час' },
];

/**
 * The VAT choices: «по режиму», every rate in force today from the rate table (`law`: the general one, the
 * reduced 10 %, the УСН payers' 7 % and 5 %, 0 %), без НДС; a chosen rate not among them (saved earlier) stays listed.
 */
function vatOptions(law: LawDefaults | undefined, chosen: string | undefined) {
  const rates = [...new Set([...(law?.vatRates ?? []), chosen])].filter((r): r is string => !!r && r !== 'none');
  return [
    { value: '', label: 'по режиму' },
    ...rates.map((r) => ({ value: r, label: formatPercentText(r) })),
    { value: 'none', label: 'без НДС' },
  ];
}

export function CostParamsPanel({
  form,
  onChange,
  errors,
  law,
}: {
  form: ParamsForm;
  onChange: (f: ParamsForm) => void;
  errors: Record<string, string>;
  /** The general VAT rate and contribution tariff today (`cost/defaults/get`); absent until it answers. */
  law?: LawDefaults;
}) {
  const p = form.params;
  const set = (patch: Partial<CostParams>) => onChange({ ...form, params: { ...p, ...patch } });
  const err = (k: string) => errors[`params.${k}`];
  const field = (key: keyof CostParams, label: string, placeholder?: string) => (
    <label className={s.field}>
      {label}
      <input
        className={`p-inputtext p-component ${err(key) ? 'p-invalid' : ''}`}
        inputMode="decimal"
        value={(p[key] as string | undefined) ?? ''}
        placeholder={placeholder}
        onChange={(e) => set({ [key]: e.target.value })}
      />
      {err(key) && <small className="p-error">{err(key)}</small>}
    </label>
  );
  const pool = (key: 'shop' | 'general', label: string) => {
    const v: OverheadPool = p[key] ?? { base: 'wages', pct: '' };
    const valueKey = v.base === 'machineHours' ? 'rate' : 'pct';
    const e = err(`${key}.${valueKey}`);
    return (
      <fieldset className={s.pool}>
        <legend>{label}</legend>
        <select aria-label={`${label}: база`} className={s.select} value={v.base} onChange={(ev) => set({ [key]: { ...v, base: ev.target.value as OverheadPool['base'] } })}>
          {BASES.map((b) => (
            <option key={b.value} value={b.value}>
              {b.label}
            </option>
          ))}
        </select>
        <input
          aria-label={`${label}: ${v.base === 'machineHours' ? 'ставка' : 'процент'}`}
          className={`p-inputtext p-component ${e ? 'p-invalid' : ''}`}
          inputMode="decimal"
          value={(v.base === 'machineHours' ? v.rate : v.pct) ?? ''}
          onChange={(ev) => set({ [key]: { ...v, [valueKey]: ev.target.value } })}
        />
        {e && <small className="p-error">{e}</small>}
      </fieldset>
    );
  };
  return (
    <div className={s.params}>
      {field('batchQty', 'Партия, ед.')}
      {field('additionalWagePct', 'Дополнительная ЗП, %')}
      {field('contributionsPct', 'Страховые взносы, %', law ? `${formatPercentText(law.contributionsPct)} — по умолчанию` : 'общий тариф — по умолчанию')}
      {field('accidentPct', 'НС и ПЗ, %', `${PARAM_DEFAULTS.accidentPct.replace('.', ',')} — по умолчанию`)}
      {field('preparationPct', 'Подготовка производства, % основной ЗП')}
      {pool('shop', 'ОПР (статья 10)')}
      {pool('general', 'ОХР (статья 11)')}
      {field('defectsPct', 'Потери от брака, % цеховой')}
      {field('otherPct', 'Прочие производственные, % цеховой')}
      {field('sellingPct', 'Коммерческие, % производственной')}
      <label className={`${s.field} ${s.wide}`}>
        Полуфабрикаты собственного производства
        <select
          className={s.select}
          value={p.semiFinishedMethod ?? 'flow'}
          aria-describedby="semi-method-hint"
          onChange={(e) => set({ semiFinishedMethod: e.target.value as SemiFinishedMethod })}
        >
          {SEMI_FINISHED_METHODS.map((m) => (
            <option key={m} value={m}>
              {SEMI_FINISHED_METHOD_TITLES[m]}
            </option>
          ))}
        </select>
        <small id="semi-method-hint" className={s.hint}>
          {(p.semiFinishedMethod ?? 'flow') === 'flow'
            ? 'Материалы, зарплата и машино-часы вложенных спецификаций входят в статьи изделия; накладные начисляются один раз на всю базу.'
            : 'Вложенная спецификация — одна строка статьи 3 по её производственной себестоимости (с её накладными).'}
        </small>
      </label>
      <label className={s.check}>
        <input type="checkbox" checked={!!p.directCosting} onChange={(e) => set({ directCosting: e.target.checked })} />
        Директ-костинг (ОХР вне производственной)
      </label>
      <fieldset className={s.pool}>
        <legend>Цена</legend>
        <select
          aria-label="Способ расчёта цены"
          className={s.select}
          value={form.priceMode}
          onChange={(e) => onChange({ ...form, priceMode: e.target.value as PriceMode })}
        >
          <option value="markup">наценка, %</option>
          <option value="margin">маржа, %</option>
          <option value="price">цена без НДС, ₽</option>
          <option value="cost">по себестоимости</option>
        </select>
        {form.priceMode !== 'cost' && (
          <input
            aria-label="Наценка, маржа или цена"
            className={`p-inputtext p-component ${err('markupPct') || err('marginPct') || err('price') ? 'p-invalid' : ''}`}
            inputMode="decimal"
            value={form.priceValue}
            onChange={(e) => onChange({ ...form, priceValue: e.target.value })}
          />
        )}
        {(err('markupPct') || err('marginPct') || err('price')) && <small className="p-error">{err('markupPct') || err('marginPct') || err('price')}</small>}
      </fieldset>
      <label className={s.field}>
        Налоговый режим
        <select className={s.select} value={p.taxRegime ?? 'osno'} onChange={(e) => set({ taxRegime: e.target.value as TaxRegime })}>
          {TAX_REGIMES.map((r) => (
            <option key={r} value={r}>
              {TAX_REGIME_TITLES[r]}
            </option>
          ))}
        </select>
      </label>
      <label className={s.field}>
        Ставка НДС
        <select className={s.select} value={p.vatRatePct ?? ''} onChange={(e) => set({ vatRatePct: e.target.value || undefined })}>
          {vatOptions(law, p.vatRatePct).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
