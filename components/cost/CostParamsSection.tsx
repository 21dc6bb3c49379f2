'use client';

import type { LawDefaults } from './api';
import { CostParamsPanel, type ParamsForm } from './CostParamsPanel';
import s from './cost.module.css';

/**
 * «Параметры»: where they came from, an own company's defaults, the parameters, «Рассчитать», «Запомнить
 * параметры», and once there is a result «Экспорт в XLSX» and «Печатная форма»; the calculation's error with its
 * field messages.
 */
export function CostParamsSection({
  source,
  companies,
  companyId,
  onCompany,
  form,
  onForm,
  fields,
  busy,
  hasResult,
  onCalculate,
  onSaveDefaults,
  onExport,
  onPrint,
  error,
  law,
}: {
  source: string;
  companies: { id: string; name: string }[];
  companyId: string | undefined;
  onCompany: (id: string) => void;
  form: ParamsForm;
  onForm: (f: ParamsForm) => void;
  fields: Record<string, string>;
  busy: boolean;
  hasResult: boolean;
  onCalculate: () => void;
  onSaveDefaults: () => void;
  onExport: () => void;
  onPrint: () => void;
  error: string | null;
  law?: LawDefaults;
}) {
  return (
    <section className={s.card}>
      <h2>Параметры {source && <small className={s.muted}>— {source}</small>}</h2>
      {companies.length > 0 && (
        <label className={s.field}>
          Параметры компании
          <select className={s.select} value={companyId ?? ''} onChange={(e) => onCompany(e.target.value)}>
            <option value="">по умолчанию</option>
            {companies.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <CostParamsPanel form={form} onChange={onForm} errors={fields} law={law} />
      <div className={s.actions}>
        <button type="button" className="p-button" onClick={onCalculate} disabled={busy}>
          <i className="pi pi-calculator" aria-hidden="true" />
          &nbsp;Рассчитать
        </button>
        <button type="button" className="p-button p-button-outlined" onClick={onSaveDefaults}>
          Запомнить параметры
        </button>
        {hasResult && (
          <button type="button" className="p-button p-button-outlined" onClick={onExport}>
            <i className="pi pi-file-excel" aria-hidden="true" />
            &nbsp;Экспорт в XLSX
          </button>
        )}
        {hasResult && (
          <button type="button" className="p-button p-button-outlined" onClick={onPrint}>
            <i className="pi pi-print" aria-hidden="true" />
            &nbsp;Печатная форма
          </button>
        )}
      </div>
      {error && (
        <div role="alert" className="p-error">
          {error}
          {Object.keys(fields).length > 0 && (
            <ul>
              {Object.entries(fields).map(([k, v]) => (
                <li key={k}>{v}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
