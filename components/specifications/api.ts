import { call } from '@/lib/client/call';
import type { CallInput, CallOutput } from '@/lib/contract';
import type { CostParams, SpecDocument } from '@/lib/domain/cost';
import type { SupplierPriceBasis } from '@/lib/domain/cost/price-basis';
import { nestedIdsOf } from '@/lib/domain/cost/nesting';

/** A specification as a picker offers it (`specs/pick`): no document. */
export interface SpecChoice {
  id: string;
  name: string;
  /** Its unit of output ('' when the document has none). */
  unit: string;
  /** A line points at it but the user may not read it (`specs/pick`'s `denied`): named «нет доступа», not offered. */
  denied?: true;
}

/** A stored specification as the list shows it. */
export interface StoredSpec extends SpecChoice {
  version: number;
  updatedAt: string;
  /** The specifications its lines take as semi-finished goods. */
  nested: string[];
}

const unitOf = (metadata: string): string => {
  try {
    const u = (JSON.parse(metadata) as { unit?: unknown } | null)?.unit;
    return typeof u === 'string' ? u : '';
  } catch {
    return '';
  }
};

/**
 * Specifications are file-manager objects of type `specifications`; the document is the object's metadata.
 * Answers are typed by the server's call tables (`call`); the types below are read off them.
 */
export const specsApi = {
  /** The user's specifications in every folder (`recursive`), for the nested-spec picker and /cost. */
  async list(): Promise<StoredSpec[]> {
    const r = await call('files', 'listObjects', { type: 'specifications', kind: 'file', recursive: true, sort: 'name', limit: 1000, metadata: true });
    return r.objects
      .filter((o) => o.kind === 'file')
      .map((o) => ({ id: o.id, name: o.name, version: o.version, updatedAt: o.updated_at, unit: unitOf(o.metadata ?? '{}'), nested: nestedIdsOf(o.metadata ?? '{}') }));
  },
  /**
   * A page of the user's specifications by name for a picker, searched on the server (`specs/pick`, ≤ 50 a
   * page, no documents); with `ids`, those specifications.
   */
  pick: (body: CallInput<'product', 'specs/pick'>, signal?: AbortSignal) => call('product', 'specs/pick', body, { signal }),
  /** Every specification of the user as a picker offers it, page by page (no documents). */
  async choices(): Promise<SpecChoice[]> {
    const all: SpecChoice[] = [];
    for (;;) {
      const r = await call('product', 'specs/pick', { offset: all.length, limit: 50 });
      all.push(...r.items);
      if (r.items.length === 0 || all.length >= r.total) return all;
    }
  },
  async get(id: string): Promise<{ doc: SpecDocument; version: number; name: string }> {
    const r = await call('files', 'getFileInfo', { id });
    // The object's name wins: renaming or copying in the list changes it, not the stored document.
    const doc = { ...(JSON.parse(r.object.metadata) as SpecDocument), name: r.object.name };
    return { doc, version: r.object.version, name: r.object.name };
  },
  /**
   * A new specification (`specs/create`: the server checks the document and records it as version 1 with its
   * author) in folder `parentId` (sent as `root`; absent/null = the top level).
   */
  create: (doc: SpecDocument, parentId?: string | null) => call('product', 'specs/create', { doc, ...(parentId ? { root: parentId } : {}) }),
  /** Saves over `version` (a stale one answers 409; force = without version); the previous document stays in the history. */
  save: (id: string, doc: SpecDocument, version?: number) => call('product', 'specs/save', { id, doc, ...(version !== undefined ? { version } : {}) }),
  history: (id: string) => call('product', 'specs/history', { id }),
  /** One version's document; a stored document that is not JSON at all fails like a failed call. */
  async version(id: string, version: number) {
    const r = await call('product', 'specs/version', { id, version });
    if (!r.doc) throw new Error(`specs/version ${id} ${version}: the stored document is not JSON`);
    return { ...r, doc: r.doc };
  },
  restore: (id: string, version: number, currentVersion?: number) => call('product', 'specs/restore', { id, version, currentVersion }),
  status: (id: string) => call('product', 'specs/status', { id }),
  /** One page of the list (≤ 100): current полная себестоимость per unit by the user's defaults and staleness. */
  costs: (ids: string[], signal?: AbortSignal) => call('product', 'specs/costs', { ids }, { signal }),
  recalculate: (id: string) => call('product', 'specs/recalculate', { id }),
  readXlsx: (xlsx: string) => call('product', 'specs/read-xlsx', { xlsx }),
  whereUsed: (id: string) => call('product', 'specs/where-used', { id }),
};

/** A row of `specs/costs`: the cost per unit (null with `error` when it cannot be calculated) and the status. */
export type SpecCostItem = CallOutput<'product', 'specs/costs'>['items'][number];

/** «цены устарели» / «требует пересчёта» (`specs/status`). */
export type SpecStatus = Omit<CallOutput<'product', 'specs/status'>, 'ok' | 'msg'>;

/** One saved version of a specification (`specs/history`). */
export type SpecVersionInfo = CallOutput<'product', 'specs/history'>['versions'][number];

/** A saved calculation scenario (`cost/scenarios/list`). */
export type CostScenario = CallOutput<'product', 'cost/scenarios/list'>['scenarios'][number];

/** The editor's and /cost's calculation and scenario calls; answers typed by the server's call table. */
export const costApi = {
  calculate: (body: CallInput<'product', 'cost/calculate'>, signal?: AbortSignal) => call('product', 'cost/calculate', body, { signal }),
  defaults: () => call('product', 'cost/defaults/get', {}),
  saveDefaults: (params: CostParams) => call('product', 'cost/defaults/save', { params }),
  /** The user's default VAT basis of supplier prices (new specification lines start with it), saved alone. */
  saveSupplierPrices: (supplierPrices: SupplierPriceBasis) => call('product', 'cost/defaults/save', { supplierPrices }),
  scenarios: () => call('product', 'cost/scenarios/list', {}),
  saveScenario: (body: CallInput<'product', 'cost/scenarios/save'>) => call('product', 'cost/scenarios/save', body),
  deleteScenario: (id: string) => call('product', 'cost/scenarios/delete', { id }),
};
