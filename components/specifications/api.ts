import { filesApi, productApi } from '@/lib/client/api';
import type { CostParams, CostResult, SpecDocument } from '@/lib/domain/cost';
import { nestedIdsOf } from '@/lib/domain/cost/nesting';
import type { FileObject } from '@/lib/schemas/files';

/** A stored specification as the list shows it. */
export interface StoredSpec {
  id: string;
  name: string;
  version: number;
  updatedAt: string;
  /** Its unit of output ('' when the document has none). */
  unit: string;
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

/** Specifications are file-manager objects of type `specifications`; the document is the object's metadata. */
export const specsApi = {
  /** The user's specifications in every folder (`recursive`), for the nested-spec picker and /cost. */
  async list(): Promise<StoredSpec[]> {
    const r = await filesApi<{ objects?: FileObject[]; items?: FileObject[] }>('listObjects', {
      type: 'specifications',
      kind: 'file',
      recursive: true,
      sort: 'name',
      limit: 1000,
    });
    const objects = r.objects ?? r.items ?? [];
    return objects
      .filter((o) => o.kind === 'file')
      .map((o) => ({ id: o.id, name: o.name, version: o.version, updatedAt: o.updated_at, unit: unitOf(o.metadata), nested: nestedIdsOf(o.metadata) }));
  },
  async get(id: string): Promise<{ doc: SpecDocument; version: number; name: string }> {
    const r = await filesApi<{ object: FileObject }>('getFileInfo', { id });
    // The object's name wins: renaming or copying in the list changes it, not the stored document.
    const doc = { ...(JSON.parse(r.object.metadata) as SpecDocument), name: r.object.name };
    return { doc, version: r.object.version, name: r.object.name };
  },
  /**
   * A new specification (`specs/create`: the server checks the document and records it as version 1 with its
   * author) in folder `parentId` (sent as `root`; absent/null = the top level).
   */
  async create(doc: SpecDocument, parentId?: string | null): Promise<{ id: string; version: number }> {
    const r = await productApi<{ id: string; version: number }>('specs/create', { doc, ...(parentId ? { root: parentId } : {}) });
    return { id: r.id, version: r.version };
  },
  /** Saves over `version` (a stale one answers 409; force = without version); the previous document stays in the history. */
  async save(id: string, doc: SpecDocument, version?: number): Promise<{ version: number }> {
    return productApi<{ version: number }>('specs/save', { id, doc, ...(version !== undefined ? { version } : {}) });
  },
  history: (id: string) => productApi<{ versions: SpecVersionInfo[]; current: number }>('specs/history', { id }),
  version: (id: string, version: number) => productApi<{ version: number; name: string; savedAt: string; doc: SpecDocument }>('specs/version', { id, version }),
  restore: (id: string, version: number, currentVersion?: number) => productApi<{ version: number }>('specs/restore', { id, version, currentVersion }),
  status: (id: string) => productApi<SpecStatus>('specs/status', { id }),
  /** One page of the list (≤ 100): current полная себестоимость per unit by the user's defaults and staleness. */
  costs: (ids: string[], signal?: AbortSignal) => productApi<{ items: SpecCostItem[] }>('specs/costs', { ids }, { signal }),
  recalculate: (id: string) => productApi<{ recalculated: { id: string; name: string; version: number }[] }>('specs/recalculate', { id }),
  readXlsx: (xlsx: string) => productApi<{ rows: string[][] }>('specs/read-xlsx', { xlsx }),
  whereUsed: (id: string) => productApi<{ specs: { id: string; name: string; lines: number }[] }>('specs/where-used', { id }),
};

/** A row of `specs/costs`: the cost per unit (null with `error` when it cannot be calculated) and the status. */
export interface SpecCostItem extends SpecStatus {
  id: string;
  fullCost: string | null;
  unit: string;
  outputQty: string;
  error: string | null;
}

/** «цены устарели» / «требует пересчёта» (`specs/status`). */
export interface SpecStatus {
  stale: boolean;
  nested: { id: string; name: string; updatedAt: string }[];
  processSet: { id: string; name: string; updatedAt: string } | null;
}

/** One saved version of a specification (`specs/history`). */
export interface SpecVersionInfo {
  version: number;
  name: string;
  savedAt: string;
  author: { id: string; name: string } | null;
  restoredFrom: number | null;
  current: boolean;
}

export interface CalculateAnswer {
  result: CostResult;
  params: CostParams;
  defaults: { kind: string; name?: string };
  date: string;
}

export const costApi = {
  calculate: (body: { spec: SpecDocument | { specId: string }; params: CostParams; specs?: Record<string, SpecDocument> }, signal?: AbortSignal) =>
    productApi<CalculateAnswer>('cost/calculate', body, { signal }),
  defaults: () => productApi<{ params: CostParams; source: { kind: string; name?: string } }>('cost/defaults/get', {}),
  saveDefaults: (params: CostParams) => productApi<{ params: CostParams }>('cost/defaults/save', { params }),
  scenarios: () => productApi<{ scenarios: CostScenario[] }>('cost/scenarios/list', {}),
  saveScenario: (body: { id?: string; version?: number; name: string; specId?: string; spec?: SpecDocument; params: CostParams }) =>
    productApi<{ scenario: CostScenario }>('cost/scenarios/save', body),
  deleteScenario: (id: string) => productApi('cost/scenarios/delete', { id }),
};

export interface CostScenario {
  id: string;
  name: string;
  specId: string | null;
  spec: SpecDocument | null;
  params: CostParams;
  version: number;
  updatedAt: string;
}
