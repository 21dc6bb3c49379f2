'use client';

import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CostResult, SpecDocument } from '@/lib/domain/cost';
import { formatMoney } from '@/lib/domain/money';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { SpecEditor, emptySpec, newMaterial } from '@/components/specifications/SpecEditor';
import { costApi, specsApi, type StoredSpec } from '@/components/specifications/api';
import { CostParamsPanel, formOf, paramsOf, type ParamsForm } from './CostParamsPanel';
import { CostResultTable } from './CostResultTable';
import { ScenariosPanel } from './ScenariosPanel';
import { downloadCostXlsx } from './export';
import s from './cost.module.css';

const DRAFT = '';

/** `/cost`: pick a specification (or edit a draft), set parameters, get the калькуляция by статьи. */
export function CostPage({ initialSpecId }: { initialSpecId?: string }) {
  const [specs, setSpecs] = useState<StoredSpec[]>([]);
  const [specId, setSpecId] = useState<string>(initialSpecId ?? DRAFT);
  const [draft, setDraft] = useState<SpecDocument>(() => ({ ...emptySpec(), name: 'Новое изделие', materials: [newMaterial()] }));
  const [form, setForm] = useState<ParamsForm>(formOf({}));
  const [result, setResult] = useState<CostResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<string>('');

  useEffect(() => {
    specsApi.list().then(setSpecs, () => setSpecs([]));
    costApi.defaults().then(
      (d) => {
        setForm(formOf(d.params));
        setSource(d.source.kind === 'company' ? `параметры компании «${d.source.name}»` : d.source.kind === 'user' ? 'ваши параметры по умолчанию' : '');
      },
      () => undefined,
    );
  }, []);

  const calculate = useCallback(async () => {
    setBusy(true);
    try {
      const r = await costApi.calculate({ spec: specId ? { specId } : draft, params: paramsOf(form) });
      setResult(r.result);
      setError(null);
      setFields({});
    } catch (e) {
      setResult(null);
      setError(userMessage(e));
      setFields(isApiError(e) ? (e.fields ?? {}) : {});
    } finally {
      setBusy(false);
    }
  }, [specId, draft, form]);

  const saveDefaults = async () => {
    try {
      await costApi.saveDefaults(paramsOf(form));
      setSource('ваши параметры по умолчанию');
    } catch (e) {
      setError(userMessage(e));
    }
  };

  const specFields = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(fields)
          .filter(([k]) => k.startsWith('spec.'))
          .map(([k, v]) => [k.slice(5), v]),
      ),
    [fields],
  );

  return (
    <div className={s.page}>
      <PageBreadcrumb items={['Себестоимость']} />
      <h1>Себестоимость</h1>
      <section className={s.card}>
        <label className={s.field}>
          Спецификация
          <select aria-label="Спецификация" className={s.select} value={specId} onChange={(e) => setSpecId(e.target.value)}>
            <option value={DRAFT}>Черновик (заполнить здесь)</option>
            {specs.map((sp) => (
              <option key={sp.id} value={sp.id}>
                {sp.name}
              </option>
            ))}
          </select>
        </label>
        {specId === DRAFT && <SpecEditor value={draft} onChange={setDraft} errors={specFields} specs={specs} />}
      </section>
      <section className={s.card}>
        <h2>Параметры {source && <small className={s.muted}>— {source}</small>}</h2>
        <CostParamsPanel form={form} onChange={setForm} errors={fields} />
        <div className={s.actions}>
          <button type="button" className="p-button" onClick={calculate} disabled={busy}>
            <i className="pi pi-calculator" aria-hidden="true" />
            &nbsp;Рассчитать
          </button>
          <button type="button" className="p-button p-button-outlined" onClick={saveDefaults}>
            Запомнить параметры
          </button>
          {result && (
            <button type="button" className="p-button p-button-outlined" onClick={() => downloadCostXlsx(result)}>
              <i className="pi pi-file-excel" aria-hidden="true" />
              &nbsp;Экспорт в XLSX
            </button>
          )}
          {result && (
            <button type="button" className="p-button p-button-text" onClick={() => window.print()}>
              <i className="pi pi-print" aria-hidden="true" />
              &nbsp;Печать
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
      <ScenariosPanel
        current={() => (specId ? { specId, params: paramsOf(form) } : { spec: draft, params: paramsOf(form) })}
        onOpen={(sc) => {
          if (sc.specId) setSpecId(sc.specId);
          else if (sc.spec) {
            setSpecId(DRAFT);
            setDraft(sc.spec);
          }
          setForm(formOf(sc.params));
          setResult(null);
        }}
      />
      {result && (
        <section className={s.card}>
          <div className={s.summary} aria-live="polite">
            <span>
              Полная себестоимость: <b data-testid="full-cost">{formatMoney(result.perUnit.fullCost)}</b>
            </span>
            <span>
              Цена с НДС: <b data-testid="price-with-vat">{formatMoney(result.perUnit.priceWithVat)}</b>
            </span>
          </div>
          <CostResultTable result={result} />
          {result.nested.length > 0 && (
            <p className={s.muted}>
              Полуфабрикаты:{' '}
              {result.nested.map((n) => `«${n.name}» — ${formatMoney(n.unitCost)} за ед.`).join('; ')}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
