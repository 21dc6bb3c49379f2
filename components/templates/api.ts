import { call } from '@/lib/client/call';
import type { TemplateSampleId } from '@/lib/domain/docx/samples/names';
import type { Company } from '@/lib/schemas/companies';
import { files } from '@/components/files/api';

export interface Sources {
  companyId?: string;
  counterpartyId?: string;
  scenarioId?: string;
  specId?: string;
}

export interface Option {
  label: string;
  value: string;
}

const companyOptions = (list: Company[]): Option[] => list.map((c) => ({ label: `${c.shortName || c.fullName}${c.inn ? ` (ИНН ${c.inn})` : ''}`, value: c.id }));

/** The calls of the «документ по шаблону» page (docs/api.md, «Документы по шаблонам»). */
export const templatesApi = {
  fields: (fileId: string, s: Sources, signal?: AbortSignal) => call('product', 'templates/fields', { fileId, ...s }, { signal }),
  generate: (body: Sources & { fileId: string; values: Record<string, string>; loops: Record<string, Record<string, string>[]>; name?: string }) =>
    call('product', 'templates/generate', body),
  /** The user's DOCX templates; the first call puts the bundled samples in (once per user). */
  list: (signal?: AbortSignal) => call('product', 'templates/list', {}, { signal }),
  addSample: (sample: TemplateSampleId, root?: string | null) => call('product', 'templates/add-sample', root ? { sample, root } : { sample }),
  /** Everything the source pickers offer: own companies, counterparties, saved scenarios, specifications. */
  async sources(signal?: AbortSignal) {
    const [own, others, scenarios, specs] = await Promise.all([
      call('product', 'companies/list', { scope: 'own', limit: 500 }, { signal }),
      call('product', 'companies/list', { scope: 'counterparties', limit: 500 }, { signal }),
      call('product', 'cost/scenarios/list', {}, { signal }),
      files.list({ root: null, type: 'specifications', search: '', sort: 'name', offset: 0, limit: 500, scope: 'all' }, signal),
    ]);
    return {
      own: companyOptions(own.companies),
      counterparties: companyOptions(others.companies),
      scenarios: scenarios.scenarios.map((s) => ({ label: s.name, value: s.id })),
      specs: specs.objects.filter((o) => o.kind === 'file').map((o) => ({ label: o.name, value: o.id })),
    };
  },
};
