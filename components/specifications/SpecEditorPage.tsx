'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CostResult, SpecDocument } from '@/lib/domain/cost';
import { specForEditing } from '@/lib/domain/cost/display';
import { containing } from '@/lib/domain/cost/nesting';
import { formatMoney } from '@/lib/domain/money';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { useAppRouter } from '@/components/layout/use-app-router';
import { useToast } from '@/components/layout/ToastProvider';
import { processesApi } from '@/components/business-processes/api';
import { workCentresApi } from '@/components/catalog/api';
import { SpecEditor, emptySpec, newMaterial, type LinkableSet } from './SpecEditor';
import { costBookHeader } from '@/components/cost/book-header';
import { costApi, specsApi, type StoredSpec } from './api';
import type { WorkCentre } from '@/lib/schemas/catalog';
import { SpecHistoryPanel } from './SpecHistoryPanel';
import { basisOf, type LiveBasis } from './live-basis';
import { SpecStaleBanner } from './SpecStaleBanner';
import { SpecWhereUsed } from './SpecWhereUsed';
import { SpecPriceOnDate } from '@/components/catalog/SpecPriceOnDate';
import { useLeaveGuard } from './use-leave-guard';
import { useSupplierPrices } from './use-supplier-prices';
import { untouchedLinesOn } from '@/lib/domain/cost/price-basis';
import s from './spec-editor.module.css';

// The XLSX import dialog loads when it is opened.
const SpecImportDialog = dynamic(() => import('./SpecImportDialog').then((m) => m.SpecImportDialog), { ssr: false });
// The XLSX writer (sheets and book) loads on «Скачать XLSX».
const downloadSpecXlsx = (...args: Parameters<typeof import('./spec-xlsx').downloadSpecXlsx>) => import('./spec-xlsx').then((m) => m.downloadSpecXlsx(...args));

const NO_ERRORS: Record<string, string> = {};
const NO_SPECS: StoredSpec[] = [];
const NO_SETS: LinkableSet[] = [];
const NO_CENTRES: WorkCentre[] = [];

const sameFields = (a: Record<string, string>, b: Record<string, string>) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

/**
 * `/specifications/create/{specId?}`: edit a specification, live totals, Ctrl+S, stale-version handling.
 * `folderId`: where a new specification is created (the `?folder=` of /specifications/create).
 */
export function SpecEditorPage({ specId, folderId = null }: { specId?: string; folderId?: string | null }) {
  const router = useAppRouter();
  const toast = useToast();
  const [doc, setDoc] = useState<SpecDocument>(() => ({ ...emptySpec(), materials: [newMaterial()] }));
  const [id, setId] = useState<string | undefined>(specId);
  const [version, setVersion] = useState<number | undefined>();
  const [dirty, setDirty] = useState(false);
  const specsLoad = useLoad(() => specsApi.list(), []);
  const specs = specsLoad.data ?? NO_SPECS;
  // undefined until `business-processes/list` answers (the linked set's steps are shown from it); none after a failure.
  const setsLoad = useLoad(() => processesApi.list(), []);
  const processSets: LinkableSet[] | undefined = setsLoad.data ?? (setsLoad.error !== null ? NO_SETS : undefined);
  // The work centres an operation may take its rates from (archived too: a line may point at one); null while they load.
  const centresLoad = useLoad((signal) => workCentresApi.list('all', signal), []);
  const workCentres = centresLoad.data?.workCentres ?? (centresLoad.error !== null ? NO_CENTRES : null);
  const [exporting, setExporting] = useState(false);
  const [conflict, setConflict] = useState(false);
  const saving = useRef(false);
  const [importing, setImporting] = useState(false);

  // The stored document seeds the editor once per answer; the form stays the user's after that.
  const stored = useLoad(() => specsApi.get(specId as string), [specId], { enabled: specId !== undefined });
  const loadError = stored.error;
  const [seeded, setSeeded] = useState(stored.data);
  if (stored.data && stored.data !== seeded) {
    setSeeded(stored.data);
    setDoc(specForEditing(stored.data.doc));
    setVersion(stored.data.version);
  }

  // New lines start with the user's default basis of supplier prices; lines not yet filled take it when it arrives or changes.
  const supplierPrices = useSupplierPrices((basis) => setDoc((prev) => untouchedLinesOn(prev, basis)));

  // The semi-finished picker offers neither this specification nor any that contains it (at any depth): either
  // would make it contain itself (the server refuses such a save with SPEC_CYCLE).
  const pickable = useMemo(() => {
    if (!id) return specs;
    const barred = containing(id, new Map(specs.map((x) => [x.id, x.nested])));
    return specs.filter((x) => !barred.has(x.id));
  }, [specs, id]);
  // Lines of the stored document pointing at specifications not in the user's list are named by `specs/pick`:
  // one shared with them by its current name, one they may no longer read «нет доступа» (never a name).
  const foreignIds = useMemo(() => {
    if (!seeded || !specsLoad.data) return [];
    const listed = new Set(specsLoad.data.map((x) => x.id));
    return [...new Set(seeded.doc.materials.map((m) => m.specId).filter((x): x is string => !!x && !listed.has(x)))].slice(0, 50);
  }, [seeded, specsLoad.data]);
  const foreign = useLoad(() => specsApi.pick({ ids: foreignIds }), [foreignIds.join(',')], { enabled: foreignIds.length > 0 }).data;
  const choices = useMemo(() => {
    if (!foreign) return pickable;
    const denied = (foreign.denied ?? []).map((x) => ({ id: x, name: 'нет доступа', unit: '', denied: true as const }));
    return [...pickable, ...foreign.items, ...denied];
  }, [pickable, foreign]);

  // Field messages of the server's last refusal (`doc.materials.1.specId` → `materials.1.specId`), until the next edit.
  const [refused, setRefused] = useState<Record<string, string>>(NO_ERRORS);
  const change = useCallback((next: SpecDocument | ((prev: SpecDocument) => SpecDocument)) => {
    setDoc(next);
    setDirty(true);
    setRefused(NO_ERRORS);
  }, []);

  // Russian validation and totals on every change, in idle time after the frame is painted: lines are
  // checked one by one with a cache (live-check.ts), and a document without nested specifications or a
  // process set is calculated locally by the same engine with the parameters of the server's last answer.
  const [errors, setErrors] = useState<Record<string, string>>(NO_ERRORS);
  const [attempted, setAttempted] = useState(false);
  // The checks and the engine (the schemas, the cost engine) load after the page shows: they first run in an idle moment.
  const [live, setLive] = useState<ReturnType<typeof import('./live-check').createLiveCheck> | null>(null);
  useEffect(() => {
    let gone = false;
    void import('./live-check').then((m) => !gone && setLive(m.createLiveCheck()));
    return () => {
      gone = true;
    };
  }, []);
  // The server calculates 300 ms after the last change of a document without errors (nested specifications,
  // process sets, parameters); its last answer and its last failure stay shown while the next one is awaited.
  const serverCost = useLoad((signal) => costApi.calculate({ spec: doc, params: {} }, signal), [doc], {
    delayMs: 300,
    keep: true,
    enabled: errors === NO_ERRORS,
  });
  const totals = serverCost.data?.result ?? null;
  const totalsError = serverCost.error;
  const basis = useMemo<LiveBasis | null>(() => (serverCost.data ? basisOf(serverCost.data.params, serverCost.data.result) : null), [serverCost.data]);
  const [localTotals, setLocalTotals] = useState<CostResult | null>(null);
  useEffect(() => {
    if (!live) return;
    const run = () => {
      const { errors: found, parsed } = live.check(doc);
      setErrors((prev) => (sameFields(prev, found) ? prev : Object.keys(found).length ? found : NO_ERRORS));
      setLocalTotals(parsed && basis ? live.totals(parsed, basis) : null);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const h = window.requestIdleCallback(run, { timeout: 150 });
      return () => window.cancelIdleCallback(h);
    }
    const t = setTimeout(run, 16);
    return () => clearTimeout(t);
  }, [doc, basis, live]);
  const shownTotals = localTotals ?? totals;
  // «Укажите …» (a field not filled yet) is shown after the first save attempt; wrong values at once.
  const shown = useMemo(() => {
    const own = attempted || errors === NO_ERRORS ? errors : Object.fromEntries(Object.entries(errors).filter(([, m]) => !m.startsWith('Укажите')));
    const all = refused === NO_ERRORS ? own : { ...refused, ...own };
    return Object.keys(all).length ? all : NO_ERRORS;
  }, [errors, attempted, refused]);

  const save = useCallback(
    async (force = false) => {
      if (saving.current) return;
      setAttempted(true);
      saving.current = true;
      try {
        // The schema is loaded with the first save (a moment's work), not with the page.
        const { specificationSchema } = await import('@/lib/schemas/specification');
        if (!specificationSchema.safeParse(doc).success) {
          toast.show({ severity: 'warn', summary: 'Проверьте спецификацию', detail: 'Исправьте поля, отмеченные красным.' });
          return;
        }
        if (!id) {
          const r = await specsApi.create(doc, folderId || undefined);
          setId(r.id);
          setVersion(r.version);
          // The address names the new specification without a navigation: the page is keyed by its id, so
          // router.replace would mount a fresh editor that loads it again (an export clicked meanwhile saw an
          // empty document). Next keeps its router in step with the native history call.
          window.history.replaceState(null, '', `/specifications/create/${r.id}`);
        } else {
          const r = await specsApi.save(id, doc, force ? undefined : version);
          setVersion(r.version);
        }
        setDirty(false);
        setConflict(false);
        // What was saved is shown the Russian way (a number typed with a dot gets its comma), unless it was
        // edited while the save was on its way.
        setDoc((now) => (now === doc ? specForEditing(now) : now));
        toast.show({ severity: 'success', summary: 'Спецификация сохранена' });
      } catch (e) {
        // A stale version offers «Обновить» / «Сохранить поверх»; a taken name (NAME_TAKEN) and the rest are a message.
        if (id && isApiError(e) && e.code === 'CONFLICT') setConflict(true);
        else {
          // The server's field messages go under the editor's fields (`doc.materials.1.specId`, a taken `name`).
          if (isApiError(e) && e.fields) {
            const f = Object.entries(e.fields).flatMap(([k, m]) => (k.startsWith('doc.') ? [[k.slice(4), m]] : k === 'name' ? [[k, m]] : []));
            if (f.length) setRefused(Object.fromEntries(f));
          }
          toast.show({ severity: 'error', summary: 'Не удалось сохранить', detail: userMessage(e), life: 10_000 });
        }
      } finally {
        saving.current = false;
      }
    },
    [doc, id, version, toast, folderId],
  );

  const reload = async () => {
    if (!id) return;
    const r = await specsApi.get(id);
    setDoc(specForEditing(r.doc));
    setVersion(r.version);
    setDirty(false);
    setConflict(false);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  // Unsaved changes: closing the tab, internal links (sidebar, breadcrumb, links on the page) and the page's
  // own navigation ask «Есть несохранённые изменения. Уйти без сохранения?».
  const confirmLeave = useLeaveGuard(dirty);
  const go = (href: string) => {
    if (confirmLeave()) router.push(href);
  };

  /** XLSX of the specification with its калькуляция, calculated by the server for the document as it is now. */
  const exportXlsx = async () => {
    if (exporting) return;
    setAttempted(true);
    setExporting(true);
    try {
      // The schema's code loads on the click: a failed load is reported like any other failure of the export.
      const { specificationSchema } = await import('@/lib/schemas/specification');
      if (!specificationSchema.safeParse(doc).success) {
        toast.show({ severity: 'warn', summary: 'Проверьте спецификацию', detail: 'Исправьте поля, отмеченные красным, — тогда её можно выгрузить.' });
        return;
      }
      const r = await costApi.calculate({ spec: doc, params: {} });
      const setName = doc.processSetId ? processSets?.find((p) => p.id === doc.processSetId)?.name : undefined;
      await downloadSpecXlsx(doc, r.result, { processSetName: setName, header: await costBookHeader(r) });
    } catch (e) {
      toast.show({ severity: 'error', summary: 'Не удалось выгрузить XLSX', detail: userMessage(e) });
    } finally {
      setExporting(false);
    }
  };

  if (loadError) return <div role="alert" className="p-error">{loadError}</div>;

  return (
    <div className={s.editor}>
      <PageBreadcrumb items={[{ label: 'Спецификации', to: '/specifications' }, doc.name || 'Новая спецификация']} />
      <h1>{id ? `Спецификация «${doc.name}»` : 'Новая спецификация'}{dirty ? ' *' : ''}</h1>
      {id && <SpecStaleBanner specId={id} stamp={version} dirty={dirty} onRecalculated={reload} />}
      <SpecEditor value={doc} onChange={change} errors={shown} specs={choices} processSets={processSets} workCentres={workCentres} supplierPrices={supplierPrices} />
      <div className={s.header} aria-live="polite">
        {shownTotals && (
          <>
            <span>
              Прямые затраты на выпуск: <b data-testid="spec-direct">{formatMoney(shownTotals.perOutput.directCost)}</b>
            </span>
            <span>
              Материалы (1 − 2 + 3 + 4): <b>{formatMoney(shownTotals.perOutput.materialCost)}</b>
            </span>
            <span>
              Основная ЗП: <b>{formatMoney(shownTotals.perOutput.articles['5'])}</b>
            </span>
          </>
        )}
        {totalsError && <span className="p-error">{totalsError}</span>}
      </div>
      {conflict && (
        <div role="alert" className="p-message p-message-warn" style={{ padding: '0.75rem', display: 'flex', gap: '0.5rem', alignItems: 'center' }}>
          Спецификацию изменили в другом окне.
          <button type="button" className="p-button p-button-sm" onClick={reload}>
            Обновить
          </button>
          <button type="button" className="p-button p-button-sm p-button-outlined" onClick={() => save(true)}>
            Сохранить поверх
          </button>
        </div>
      )}
      <div className={s.toolbar}>
        <button type="button" className="p-button" onClick={() => save()}>
          <i className="pi pi-save" aria-hidden="true" />
          &nbsp;Сохранить
        </button>
        <button type="button" className="p-button p-button-outlined" onClick={() => setImporting(true)}>
          <i className="pi pi-file-import" aria-hidden="true" />
          &nbsp;Импорт из XLSX
        </button>
        <button type="button" className="p-button p-button-outlined" onClick={exportXlsx} disabled={exporting}>
          <i className="pi pi-file-excel" aria-hidden="true" />
          &nbsp;Экспорт в XLSX
        </button>
        {id && (
          <button type="button" className="p-button p-button-outlined" onClick={() => go(`/cost?spec=${encodeURIComponent(id)}`)}>
            Рассчитать себестоимость
          </button>
        )}
      </div>
      {importing && (
        <SpecImportDialog
          onClose={() => setImporting(false)}
          onImport={(lines, replace) =>
            change((prev) => {
              // a new document's single empty line is replaced, not kept
              const kept = replace ? [] : prev.materials.filter((m) => m.name.trim() || m.price);
              // the file's numbers come checked, with a dot; the table shows them the Russian way
              const added = specForEditing({ ...prev, materials: lines, operations: [] }).materials;
              return { ...prev, materials: [...kept, ...added] };
            })
          }
        />
      )}
      {id && (
        <>
          <SpecPriceOnDate specId={id} stamp={version} />
          <SpecHistoryPanel specId={id} stamp={version} currentVersion={version} dirty={dirty} onRestored={reload} />
          <SpecWhereUsed specId={id} />
        </>
      )}
    </div>
  );
}
