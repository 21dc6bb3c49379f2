'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SEMI_FINISHED_METHOD_TITLES, type CostParams, type CostResult, type SpecDocument } from '@/lib/domain/cost';
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
import { costAnalysisApi, type DefaultsSource } from './api';
import { BreakEvenChart } from './BreakEvenChart';
import { CompareTable, type CompareColumn } from './CompareTable';
import { InversePanel } from './InversePanel';
import { StructureChart } from './StructureChart';
import { TornadoChart } from './TornadoChart';
import { PRINT_KEY, type PrintRequest } from './print-request';
import { CostStaleNotice } from './CostStaleNotice';
import { decodeCostQuery, encodeCostQuery } from './url-params';
import type { Sensitivity } from '@/lib/domain/cost/sensitivity';
import s from './cost.module.css';

const DRAFT = '';

/**
 * `/cost`: pick a specification (or edit a draft), set parameters, get the калькуляция by статьи. The chosen
 * specification, company and parameters live in the query string (`url-params.ts`): a link reproduces the
 * calculation and is calculated at once.
 */
export function CostPage({ initialQuery = '' }: { initialQuery?: string }) {
  const [linked] = useState(() => decodeCostQuery(new URLSearchParams(initialQuery)));
  const [specs, setSpecs] = useState<StoredSpec[]>([]);
  const [specId, setSpecId] = useState<string>(linked.specId ?? DRAFT);
  const [draft, setDraft] = useState<SpecDocument>(() => ({ ...emptySpec(), name: 'Новое изделие', materials: [newMaterial()] }));
  const [form, setForm] = useState<ParamsForm>(linked.form ?? formOf({}));
  const [result, setResult] = useState<CostResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<string>(linked.form ? 'из ссылки' : '');
  const [companyId, setCompanyId] = useState<string | undefined>(linked.companyId);
  const [companies, setCompanies] = useState<{ id: string; name: string }[]>([]);
  const [compareIds, setCompareIds] = useState<string[]>([]);
  const [compare, setCompare] = useState<CompareColumn[] | null>(null);
  const [sensitivity, setSensitivity] = useState<Sensitivity | null>(null);
  const [sensitivityError, setSensitivityError] = useState<string | null>(null);
  /** What the shown result was calculated from (the printed form recalculates exactly that). */
  /** The user changed a parameter before the defaults arrived: they must not overwrite it. */
  const edited = useRef(!!linked.form);
  /** Calculate as soon as the state is in place: a link with a specification or parameters, an opened scenario. */
  const [autoRun, setAutoRun] = useState(linked.specId || linked.form ? 1 : 0);
  const shown = useRef<{ spec: SpecDocument | { specId: string }; params: CostParams } | null>(null);
  const run = useRef(0);

  const applyDefaults = useCallback((d: { params: CostParams; source: DefaultsSource }) => {
    setForm(formOf(d.params));
    setCompanyId(d.source.kind === 'company' ? d.source.id : undefined);
    setSource(d.source.kind === 'company' ? `параметры компании «${d.source.name}»` : d.source.kind === 'user' ? 'ваши параметры по умолчанию' : '');
  }, []);

  useEffect(() => {
    specsApi.list().then(setSpecs, () => setSpecs([]));
    if (!linked.form) {
      costAnalysisApi.defaults(linked.companyId).then(
        (d) => {
          if (!edited.current) applyDefaults(d);
        },
        () => undefined,
      );
    }
    costAnalysisApi.ownCompanies().then(
      (r) => setCompanies(r.companies.map((c) => ({ id: c.id, name: c.shortName || c.fullName }))),
      () => setCompanies([]),
    );
  }, [applyDefaults, linked]);

  const chooseCompany = (id: string) => {
    costAnalysisApi.defaults(id || undefined).then(applyDefaults, (e) => setError(userMessage(e)));
  };

  const calculate = useCallback(async () => {
    setBusy(true);
    const spec = specId ? { specId } : draft;
    const params = paramsOf(form);
    const others = compareIds.filter((id) => id !== specId);
    const ticket = ++run.current;
    try {
      const [r, ...rest] = await Promise.all([
        costAnalysisApi.calculate({ spec, params, companyId }),
        ...others.map((id) =>
          costAnalysisApi.calculate({ spec: { specId: id }, params, companyId }).then(
            (a): CompareColumn => ({ name: a.result.name, figures: a.result.perUnit }),
            (e): CompareColumn => ({ name: specs.find((x) => x.id === id)?.name ?? id, figures: null, error: userMessage(e) }),
          ),
        ),
      ]);
      if (ticket !== run.current) return;
      shown.current = { spec, params };
      setResult(r.result);
      setCompare(others.length > 0 ? [{ name: r.result.name, figures: r.result.perUnit }, ...(rest as CompareColumn[])] : null);
      setError(null);
      setFields({});
      setSensitivity(null);
      setSensitivityError(null);
      costAnalysisApi.sensitivity({ spec, params, companyId }).then(
        (a) => ticket === run.current && setSensitivity(a.sensitivity),
        (e) => ticket === run.current && setSensitivityError(userMessage(e)),
      );
    } catch (e) {
      if (ticket !== run.current) return;
      setResult(null);
      setCompare(null);
      setError(userMessage(e));
      setFields(isApiError(e) ? (e.fields ?? {}) : {});
    } finally {
      setBusy(false);
    }
  }, [specId, draft, form, compareIds, specs, companyId]);

  const calculateRef = useRef(calculate);
  useEffect(() => {
    calculateRef.current = calculate;
  });
  useEffect(() => {
    if (!autoRun) return;
    const t = setTimeout(() => void calculateRef.current(), 0);
    return () => clearTimeout(t);
  }, [autoRun]);

  // The query string follows the page (replaceState: no navigation, no remount), a moment after the last edit.
  useEffect(() => {
    const t = setTimeout(() => {
      const q = encodeCostQuery({ specId: specId || undefined, companyId, form }).toString();
      const url = `${window.location.pathname}${q ? `?${q}` : ''}`;
      if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', url);
    }, 400);
    return () => clearTimeout(t);
  }, [specId, companyId, form]);

  const openPrint = () => {
    if (!shown.current) return;
    const req: PrintRequest = { ...shown.current, companyId };
    localStorage.setItem(PRINT_KEY, JSON.stringify(req));
    window.open('/cost/print', '_blank');
  };

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
        {specId !== DRAFT && <CostStaleNotice specId={specId} />}
        {specs.length > 0 && (
          <details className={s.pick}>
            <summary>Сравнить с другими спецификациями{compareIds.length > 0 ? ` (${compareIds.length})` : ''}</summary>
            <div className={s.pickList}>
              {specs
                .filter((sp) => sp.id !== specId)
                .map((sp) => (
                  <label key={sp.id} className={s.check}>
                    <input
                      type="checkbox"
                      checked={compareIds.includes(sp.id)}
                      onChange={(e) => setCompareIds(e.target.checked ? [...compareIds, sp.id] : compareIds.filter((x) => x !== sp.id))}
                    />
                    {sp.name}
                  </label>
                ))}
            </div>
          </details>
        )}
        {specId === DRAFT && <SpecEditor value={draft} onChange={setDraft} errors={specFields} specs={specs} />}
      </section>
      <section className={s.card}>
        <h2>Параметры {source && <small className={s.muted}>— {source}</small>}</h2>
        {companies.length > 0 && (
          <label className={s.field}>
            Параметры компании
            <select className={s.select} value={companyId ?? ''} onChange={(e) => chooseCompany(e.target.value)}>
              <option value="">по умолчанию</option>
              {companies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <CostParamsPanel
          form={form}
          onChange={(f) => {
            edited.current = true;
            setForm(f);
          }}
          errors={fields}
        />
        <div className={s.actions}>
          <button type="button" className="p-button" onClick={calculate} disabled={busy}>
            <i className="pi pi-calculator" aria-hidden="true" />
            &nbsp;Рассчитать
          </button>
          <button type="button" className="p-button p-button-outlined" onClick={saveDefaults}>
            Запомнить параметры
          </button>
          {result && (
            <button type="button" className="p-button p-button-outlined" onClick={() => {
                setError(null);
                downloadCostXlsx(result).catch(() => setError('Не удалось сформировать XLSX. Повторите попытку или обновите страницу.'));
              }}>
              <i className="pi pi-file-excel" aria-hidden="true" />
              &nbsp;Экспорт в XLSX
            </button>
          )}
          {result && (
            <button type="button" className="p-button p-button-outlined" onClick={openPrint}>
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
      <ScenariosPanel
        companyId={companyId}
        current={() => (specId ? { specId, params: paramsOf(form) } : { spec: draft, params: paramsOf(form) })}
        onOpen={(sc) => {
          if (sc.specId) setSpecId(sc.specId);
          else if (sc.spec) {
            setSpecId(DRAFT);
            setDraft(sc.spec);
          }
          edited.current = true;
          setForm(formOf(sc.params));
          setResult(null);
          setAutoRun((n) => n + 1);
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
          <div className={s.scroll}>
            <CostResultTable result={result} />
          </div>
          {result.nested.length > 0 && (
            <p className={s.muted} data-testid="semi-method">
              Метод учёта полуфабрикатов: <b>{SEMI_FINISHED_METHOD_TITLES[result.semiFinishedMethod]}</b>. Производственная себестоимость единицы:{' '}
              {result.nested.map((n) => `«${n.name}» — ${formatMoney(n.unitProductionCost)}`).join('; ')}.
            </p>
          )}
        </section>
      )}
      {result && compare && (
        <section className={s.card}>
          <h2>Спецификации рядом</h2>
          <CompareTable label="Сравнение спецификаций" columns={compare} />
        </section>
      )}
      {result && (
        <section className={s.card}>
          <h2>Анализ</h2>
          <div className={s.charts}>
            <StructureChart figures={result.perUnit} />
            <BreakEvenChart result={result} />
          </div>
          {sensitivity ? <TornadoChart data={sensitivity} /> : sensitivityError ? <p className="p-error">{sensitivityError}</p> : <p className={s.muted}>Считаем чувствительность…</p>}
          <InversePanel result={result} />
        </section>
      )}
    </div>
  );
}
