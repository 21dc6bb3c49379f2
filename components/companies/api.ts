import { call } from '@/lib/client/call';
import type { CallInput } from '@/lib/contract';
import { safeEntryName } from '@/lib/domain/files/names';
import type { Company, CompanySort } from '@/lib/schemas/companies';

export type Scope = 'all' | 'own' | 'counterparties';

export interface ListQuery {
  search: string;
  scope: Scope;
  sort: CompanySort;
  offset: number;
  limit: number;
}

/** Typed wrappers over the company calls (docs/api.md). */
export const companiesApi = {
  list: (q: ListQuery, signal?: AbortSignal) => call('product', 'companies/list', q, { signal }),
  get: (id: string, signal?: AbortSignal) => call('product', 'companies/get', { id }, { signal }),
  create: (body: CallInput<'product', 'companies/create'>) => call('product', 'companies/create', body),
  update: (body: CallInput<'product', 'companies/update'>) => call('product', 'companies/update', body),
  remove: (id: string, version: number) => call('product', 'companies/delete', { id, version }),
  duplicates: (inn: string, kpp: string, excludeId?: string, signal?: AbortSignal) =>
    call('product', 'companies/duplicates', { inn, kpp, excludeId }, { signal }),
  /** Creates a folder named after the company in «Мои документы» and links it; returns the folder id. */
  createFolder: async (c: Company) => {
    const name = safeEntryName(c.shortName || c.fullName).slice(0, 255);
    const r = await call('files', 'createFolder', { name, type: 'documents' });
    await call('product', 'companies/link-folder', { id: c.id, folderId: r.object.id });
    return r.object.id;
  },
  /** `file`: CSV text or an XLSX book in base64. */
  importFile: (file: { csv: string } | { xlsx: string }) => call('product', 'companies/import', file),
  exportUrl: (q: Pick<ListQuery, 'search' | 'scope' | 'sort'>, format: 'csv' | 'xlsx') =>
    `/api/v1/companies/export?${new URLSearchParams({ search: q.search, scope: q.scope, sort: q.sort, format })}`,
};
