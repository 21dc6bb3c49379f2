'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CostParams, CostResult, SpecDocument } from '@/lib/domain/cost';
import type { Sensitivity } from '@/lib/domain/cost/sensitivity';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { useToast } from '@/components/layout/ToastProvider';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { emptySpec, newMaterial } from '@/components/specifications/spec-new';
import { useSupplierPriceSetting } from '@/components/specifications/use-supplier-prices';
import { specForEditing } from '@/lib/domain/cost/display';
import { untouchedLinesOn } from '@/lib/domain/cost/price-basis';
import { costApi, specsApi, type SpecChoice } from '@/components/specifications/api';
import { formOf, paramsOf, type ParamsForm } from './CostParamsPanel';
import { CostParamsSection } from './CostParamsSection';
import { CostSpecSection, DRAFT } from './CostSpecSection';
import { ScenariosPanel } from './ScenariosPanel';
import { costAnalysisApi, costSourceText, type DefaultsSource } from './api';
import { costBookHeader } from './book-header';
import type { CostBookHeader } from '@/lib/domain/cost/export-header';
import type { CompareColumn } from './CompareTable';
import { PRINT_KEY, type PrintRequest } from './print-request';
import { decodeCostQuery, encodeCostQuery } from './url-params';
import s from './cost.module.css';

// The results (tables, charts, inverse calculation) load with the first calculation; the XLSX writer on «Экспорт».
const CostResults = dynamic(() => import('./CostResults').then((m) => m.CostResults), { ssr: false });
const downloadCostXlsx = (result: CostResult, header: CostBookHeader) => import('./export').then((m) => m.downloadCostXlsx(result, header));

/**
 * `/cost`: pick a specification (or edit a draft), set parameters, get the калькуляция by статьи. The chosen
 * specification, company and parameters live in the query string (`url-params.ts`): a link reproduces the
 * calculation and is calculated at once.
 * This container holds the state and the calls; `CostSpecSection`, `CostParamsSection`, `ScenariosPanel` and
 * `CostResults` draw.
 */
export function CostPage({ initialQuery = '' }: { initialQuery?: string }) {
  const [linked] = useState(() => decodeCostQuery(new URLSearchParams(initialQuery)));
  /** The chosen specification (null: the draft); one named by a link or a scenario gets its name from `specs/pick`. */
  const [chosen, setChosen] = useState<SpecChoice | null>(linked.specId ? { id: linked.specId, name: '', unit: '' } : null);
  const specId = chosen?.id ?? DRAFT;
  const setSpecId = (id: string) => setChosen(id ? { id, name: '', unit: '' } : null);
  const [draft, setDraft] = useState<SpecDocument>(() => ({ ...emptySpec(), name: 'Новое изделие', materials: [newMaterial()] }));
  const [form, setForm] = useState<ParamsForm>(linked.form ?? formOf({}));
  const [result, setResult] = useState<CostResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [source, setSource] = useState<string>(linked.form ? 'из ссылки' : '');
  const [companyId, setCompanyId] = useState<string | undefined>(linked.companyId);
  const [compareSpecs, setCompareSpecs] = useState<SpecChoice[]>([]);
  const compareIds = useMemo(() => compareSpecs.map((x) => x.id), [compareSpecs]);
  const [compare, setCompare] = useState<CompareColumn[] | null>(null);
  const [sensitivity, setSensitivity] = useState<Sensitivity | null>(null);
  const [sensitivityError, setSensitivityError] = useState<string | null>(null);
  /** The user changed a parameter before the defaults arrived: they must not overwrite it. */
  const edited = useRef(!!linked.form);
  /** Calculate as soon as the state is in place: a link with a specification or parameters, an opened scenario. */
  const [autoRun, setAutoRun] = useState(linked.specId || linked.form ? 1 : 0);
  /** What the shown result was calculated from (the printed form recalculates exactly that). */
  const shown = useRef<{ spec: SpecDocument | { specId: string }; params: CostParams } | null>(null);
  /** The server's answer behind the shown result: the parameters it applied, their source, the date (the XLSX heading). */
  const shownCalc = useRef<Parameters<typeof costBookHeader>[0] | null>(null);
  const run = useRef(0);

  const applyDefaults = useCallback((d: { params: CostParams; source: DefaultsSource }) => {
    setForm(formOf(d.params));
    setCompanyId(d.source.kind === 'company' ? d.source.id : undefined);
    setSource(costSourceText(d.source));
  }, []);

  const named = useLoad(() => specsApi.pick({ ids: [specId] }), [specId], { enabled: !!chosen && !chosen.name }).data?.items[0];
  const spec = chosen && !chosen.name && named?.id === chosen.id ? named : chosen;
  // The defaults (of the linked company, else the first own one with costing, else the user's) unless the link has
  // parameters or the user edited first; the answer's `law` (today's VAT rate and contribution tariff) is used always.
  const loaded = useLoad(
    async () => {
      const d = await costAnalysisApi.defaults(linked.companyId);
      if (!edited.current) applyDefaults(d);
      return d;
    },
    [],
  ).data;
  const law = loaded?.law;
  // The draft's new lines start with the user's default basis of supplier prices (its first line takes it on arrival).
  const supplierPrices = useSupplierPriceSetting(loaded?.supplierPrices, (basis) => setDraft((prev) => untouchedLinesOn(prev, basis)));
  const own = useLoad(() => costAnalysisApi.ownCompanies(), []).data;
  const companies = useMemo(() => (own?.companies ?? []).map((c) => ({ id: c.id, name: c.shortName || c.fullName })), [own]);

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
            (e): CompareColumn => ({ name: compareSpecs.find((x) => x.id === id)?.name ?? id, figures: null, error: userMessage(e) }),
          ),
        ),
      ]);
      if (ticket !== run.current) return;
      shown.current = { spec, params };
      shownCalc.current = r;
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
  }, [specId, draft, form, compareIds, compareSpecs, companyId]);

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
      const q = encodeCostQuery({ specId: specId || undefined, companyId, form, usedContributionsPct: result?.contributionsPct }).toString();
      const url = `${window.location.pathname}${q ? `?${q}` : ''}`;
      if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(window.history.state, '', url);
    }, 400);
    return () => clearTimeout(t);
  }, [specId, companyId, form, result]);

  const openPrint = () => {
    if (!shown.current) return;
    const req: PrintRequest = { ...shown.current, companyId };
    localStorage.setItem(PRINT_KEY, JSON.stringify(req));
    window.open('/cost/print', '_blank');
  };

  const saveDefaults = async () => {
    try {
      const { msg } = await costApi.saveDefaults(paramsOf(form));
      // What applies from now on: the company's card where it has figures, the saved defaults elsewhere.
      const now = await costAnalysisApi.defaults(companyId);
      setSource(costSourceText(now.source));
      const card = now.source.kind === 'company' && (now.source.withUser ? `поля, заданные в карточке «${now.source.name}», берутся из неё` : `карточка «${now.source.name}» задаёт все поля и важнее их`);
      toast.show({ severity: 'success', summary: msg, detail: `Список спецификаций, печать и XLSX считают по ним${card ? `; ${card}` : ''}.`, life: 6000 });
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
      <CostSpecSection spec={spec} onSpec={setChosen} compare={compareSpecs} onCompare={setCompareSpecs} draft={draft} onDraft={setDraft} errors={specFields} supplierPrices={supplierPrices} />
      <CostParamsSection
        source={source}
        law={law}
        companies={companies}
        companyId={companyId}
        onCompany={chooseCompany}
        form={form}
        onForm={(f) => {
          edited.current = true;
          setForm(f);
        }}
        fields={fields}
        busy={busy}
        hasResult={result !== null}
        onCalculate={() => void calculate()}
        onSaveDefaults={() => void saveDefaults()}
        onExport={() => {
          const calc = shownCalc.current;
          if (!result || !calc) return;
          setError(null);
          costBookHeader(calc, companyId)
            .then((header) => downloadCostXlsx(result, header))
            .catch(() => setError('Не удалось сформировать XLSX. Повторите попытку или обновите страницу.'));
        }}
        onPrint={openPrint}
        error={error}
      />
      <ScenariosPanel
        companyId={companyId}
        current={() => (specId ? { specId, params: paramsOf(form) } : { spec: draft, params: paramsOf(form) })}
        onOpen={(sc) => {
          if (sc.specId) setSpecId(sc.specId);
          else if (sc.spec) {
            setSpecId(DRAFT);
            setDraft(specForEditing(sc.spec));
          }
          edited.current = true;
          setForm(formOf(sc.params));
          setResult(null);
          setAutoRun((n) => n + 1);
        }}
      />
      {result && <CostResults result={result} compare={compare} sensitivity={sensitivity} sensitivityError={sensitivityError} />}
    </div>
  );
}
