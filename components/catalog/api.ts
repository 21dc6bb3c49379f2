import { call } from '@/lib/client/call';
import type { CallInput, CallOutput } from '@/lib/contract';
export type { CatalogGroup, CatalogItem, ImportMapping, ImportRow, ImportSummary, PriceRow, RecalcReportLine, WorkCentre } from '@/lib/schemas/catalog';

/** Typed wrappers over the «Номенклатура и цены» calls (`catalog/*`, docs/api.md). */
export const catalogApi = {
  list: (q: CallInput<'product', 'catalog/items/list'>, signal?: AbortSignal) => call('product', 'catalog/items/list', q, { signal }),
  get: (id: string, signal?: AbortSignal) => call('product', 'catalog/items/get', { id }, { signal }),
  create: (body: CallInput<'product', 'catalog/items/create'>) => call('product', 'catalog/items/create', body),
  update: (body: CallInput<'product', 'catalog/items/update'>) => call('product', 'catalog/items/update', body),
  remove: (id: string, version: number) => call('product', 'catalog/items/delete', { id, version }),
  bulk: (body: CallInput<'product', 'catalog/items/bulk-update'>) => call('product', 'catalog/items/bulk-update', body),
  groups: (signal?: AbortSignal) => call('product', 'catalog/groups/list', {}, { signal }),
  createGroup: (name: string, parentId: string | null) => call('product', 'catalog/groups/create', { name, parentId }),
  prices: (itemId: string, signal?: AbortSignal) => call('product', 'catalog/prices/list', { itemId }, { signal }),
  addPrice: (body: CallInput<'product', 'catalog/prices/add'>) => call('product', 'catalog/prices/add', body),
  removePrice: (id: string) => call('product', 'catalog/prices/delete', { id }),
  whereUsed: (id: string, signal?: AbortSignal) => call('product', 'catalog/items/where-used', { id }, { signal }),
  /** A specification's catalogue lines priced on `date` and its cost per unit then vs as saved. */
  specOnDate: (id: string, date: string, signal?: AbortSignal) => call('product', 'catalog/spec-on-date', { id, date }, { signal }),
  settings: (signal?: AbortSignal) => call('product', 'catalog/settings/get', {}, { signal }),
  saveSettings: (body: CallInput<'product', 'catalog/settings/save'>) => call('product', 'catalog/settings/save', body),
};

/** Supplier price lists: upload → mapping → preview (in the background) → review → apply → undo. */
export const importApi = {
  upload: (body: CallInput<'product', 'catalog/import/upload'>) => call('product', 'catalog/import/upload', body),
  preview: (body: CallInput<'product', 'catalog/import/preview'>) => call('product', 'catalog/import/preview', body),
  status: (importId: string, signal?: AbortSignal) => call('product', 'catalog/import/status', { importId }, { signal }),
  rows: (body: CallInput<'product', 'catalog/import/rows'>, signal?: AbortSignal) => call('product', 'catalog/import/rows', body, { signal }),
  resolve: (body: CallInput<'product', 'catalog/import/resolve'>) => call('product', 'catalog/import/resolve', body),
  createAll: (importId: string, create: boolean) => call('product', 'catalog/import/create-all', { importId, create }),
  rowType: (body: CallInput<'product', 'catalog/import/row-type'>) => call('product', 'catalog/import/row-type', body),
  apply: (importId: string) => call('product', 'catalog/import/apply', { importId }),
  undo: (importId: string) => call('product', 'catalog/import/undo', { importId }),
  list: (signal?: AbortSignal) => call('product', 'catalog/import/list', {}, { signal }),
};

/** «Пересчитать все»: a run in the background, its progress and report. */
export const recalcApi = {
  stale: (signal?: AbortSignal) => call('product', 'catalog/stale', {}, { signal }),
  start: () => call('product', 'catalog/recalc-all', {}),
  status: (runId: string, signal?: AbortSignal) => call('product', 'catalog/recalc-status', { runId }, { signal }),
};

/** Work centres and operation types with their hourly and machine-hour rates. */
export const workCentresApi = {
  list: (archived: 'no' | 'yes' | 'all', signal?: AbortSignal) => call('product', 'catalog/work-centres/list', { archived }, { signal }),
  create: (body: CallInput<'product', 'catalog/work-centres/create'>) => call('product', 'catalog/work-centres/create', body),
  update: (body: CallInput<'product', 'catalog/work-centres/update'>) => call('product', 'catalog/work-centres/update', body),
  remove: (id: string, version: number) => call('product', 'catalog/work-centres/delete', { id, version }),
};

/** Suppliers are companies («Компании»): the picker searches them as you type. */
export const suppliersApi = {
  search: (search: string, signal?: AbortSignal) =>
    call('product', 'companies/list', { search, scope: 'all', sort: 'name', offset: 0, limit: 50 }, { signal }),
};

export type CatalogListAnswer = CallOutput<'product', 'catalog/items/list'>;
