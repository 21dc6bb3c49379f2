import { calculateCost, type CostResult, type MaterialLine, type Operation, type SpecDocument } from '@/lib/domain/cost';
import { issuesToFields } from '@/lib/schemas/envelope';
import { asSpecDocument, materialLineSchema, operationSchema, specificationSchema } from '@/lib/schemas/specification';
import type { LiveBasis } from './live-basis';

export { basisOf, type LiveBasis } from './live-basis';

type LineCheck<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string> };

/**
 * The editor's checks and totals on every change, cheaply: each line is checked by the same schema as the
 * server's and the result is kept per line object (an edit replaces one line object, so one line is checked
 * again); the header is checked on its own. A valid document without nested specifications, a process set or
 * work centres is calculated by the same engine with the parameters of the server's last answer — the same figures the
 * server gives, without waiting for it.
 */
export function createLiveCheck() {
  const materials = new WeakMap<MaterialLine, LineCheck<MaterialLine>>();
  const operations = new WeakMap<Operation, LineCheck<Operation>>();

  function line<T extends object>(cache: WeakMap<T, LineCheck<T>>, schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: Parameters<typeof issuesToFields>[0] } } }, value: T): LineCheck<T> {
    let r = cache.get(value);
    if (!r) {
      const p = schema.safeParse(value);
      r = p.success ? { ok: true, data: p.data as T } : { ok: false, fields: issuesToFields(p.error!.issues) };
      cache.set(value, r);
    }
    return r;
  }

  /** Field errors by document path (`materials.3.qty`) and the parsed document when there are none. */
  function check(doc: SpecDocument): { errors: Record<string, string>; parsed: SpecDocument | null } {
    const errors: Record<string, string> = {};
    const head = specificationSchema.safeParse({ ...doc, materials: [], operations: [] });
    if (!head.success) Object.assign(errors, issuesToFields(head.error.issues));
    const lists = [
      ['materials', doc.materials.map((m) => line(materials, materialLineSchema, m))],
      ['operations', doc.operations.map((o) => line(operations, operationSchema, o))],
    ] as const;
    for (const [key, checks] of lists) {
      const seen = new Set<string>();
      checks.forEach((c, i) => {
        if (!c.ok) for (const [f, msg] of Object.entries(c.fields)) errors[`${key}.${i}.${f}`] = msg;
        const id = (key === 'materials' ? doc.materials[i] : doc.operations[i])!.id;
        if (seen.has(id)) errors[`${key}.${i}.id`] = 'Строка с таким идентификатором уже есть.';
        seen.add(id);
      });
    }
    if (Object.keys(errors).length || !head.success) return { errors, parsed: null };
    const parsed = asSpecDocument({
      ...head.data,
      materials: lists[0][1].map((c) => (c as { data: MaterialLine }).data),
      operations: lists[1][1].map((c) => (c as { data: Operation }).data),
    } as Parameters<typeof asSpecDocument>[0]);
    return { errors, parsed };
  }

  /**
   * Totals of a parsed document by the engine, or null when the server must calculate it: nested specifications,
   * a process set, an operation on a work centre (the server takes the centre's current rates), an error.
   */
  function totals(parsed: SpecDocument, basis: LiveBasis): CostResult | null {
    if (parsed.processSetId || parsed.materials.some((m) => m.specId) || parsed.operations.some((o) => o.workCentreId)) return null;
    try {
      // The rates only give defaults of the VAT rates, which the basis sets explicitly.
      const vat = basis.purchaseVatPct ?? '0';
      return calculateCost(parsed, basis, { rates: { vatGeneralPct: vat, vatUsn5Pct: vat, vatUsn7Pct: vat } });
    } catch {
      return null;
    }
  }

  return { check, totals };
}
