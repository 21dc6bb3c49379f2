import 'server-only';
import { calculateCost, isCostError, type SpecDocument } from '@/lib/domain/cost';
import { moscowToday } from '@/lib/domain/format/date';
import { Dec } from '@/lib/domain/money';
import type { RecalcReportLine } from '@/lib/schemas/catalog';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { recordActivity } from '../activity/record';
import { withEngineErrors, withProcessSet } from '../cost/calculate-cost';
import { defaultParamsFor } from '../cost/defaults';
import { collectSpecs, specDocOf } from '../cost/load-specs';
import { costRatesOn } from '../cost/rates';
import { reasonsOf, type SpecNode } from '../specifications/staleness';
import { writeVersion } from '../specifications/write-version';
import { lookupCatalog, priceDocument } from './apply-catalog';
import { rateDocuments } from './work-centre-rates';
import { bottomUp } from './graph';

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The stored document with the catalogue's figures written into the lines that point at it (other fields kept as stored). */
export function patchMetadata(metadata: string, priced: SpecDocument): string {
  const raw = JSON.parse(metadata) as { materials?: Record<string, unknown>[]; operations?: Record<string, unknown>[] };
  const lines = new Map(priced.materials.map((m) => [m.id, m]));
  const ops = new Map((priced.operations ?? []).map((o) => [o.id, o]));
  for (const m of raw.materials ?? []) {
    const p = typeof m.itemId === 'string' ? lines.get(String(m.id)) : undefined;
    if (p) Object.assign(m, { name: p.name, unit: p.unit, price: p.price, priceIncludesVat: p.priceIncludesVat, priceVatPct: p.priceVatPct });
  }
  for (const o of raw.operations ?? []) {
    const p = typeof o.workCentreId === 'string' ? ops.get(String(o.id)) : undefined;
    if (p) Object.assign(o, { rate: p.rate, ...(p.machineRate !== undefined ? { machineRate: p.machineRate } : {}) });
  }
  return JSON.stringify(raw);
}

const pct = (a: string | null, b: string | null) => (a && b && !new Dec(a).isZero() ? new Dec(b).minus(a).div(a).times(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2) : null);

export interface RecalcOptions {
  /** An error (calculation or save) is thrown instead of reported. */
  stopOnError?: boolean;
  onProgress?: (done: number, total: number, line: RecalcReportLine) => Promise<void> | void;
}

/**
 * Recalculates the out-of-date specifications among `ids` bottom-up (nested before those taking them): each takes
 * the catalogue's current names, units, prices and rates into its lines and is saved as a new version (counted in
 * «Мой прогресс» as a save of it by `userId`, like `specs/save`). Answers a
 * report line per specification: полная себестоимость per unit before (as saved) and after, the change in %.
 */
export async function recalcStale(ctx: AppContext, userId: string, nodes: Map<string, SpecNode>, ids: Iterable<string>, opts: RecalcOptions = {}) {
  const targets = new Set([...ids].filter((id) => nodes.has(id) && nodes.get(id)!.access !== 'read' && reasonsOf(nodes, id).stale));
  const order = bottomUp(nodes, targets).filter((id) => targets.has(id));
  const today = moscowToday();
  const defaults = await defaultParamsFor(ctx.db, userId);
  const rates = await costRatesOn(ctx.db, today);
  const docs: Record<string, SpecDocument> = {};
  const errors = new Map<string, string>();
  for (const [id, n] of nodes) {
    try {
      docs[id] = specDocOf(n.row);
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      errors.set(id, e.message);
    }
  }
  // Before: as saved; after: as every calculation takes it, the work centres' current rates in linked operations.
  const costOf = async (id: string, live: boolean): Promise<string> => {
    let spec = docs[id]!;
    let nested = await collectSpecs(ctx.db, userId, spec, docs);
    if (live) ({ root: spec, nested } = await rateDocuments(ctx.db, userId, spec, nested));
    spec = await withProcessSet(ctx, userId, spec);
    const withSets = new Map<string, SpecDocument>();
    for (const [k, d] of nested) withSets.set(k, d.processSetId ? await withProcessSet(ctx, userId, d) : d);
    // An engine error (a loop stored among the nested ones, a line filled in wrong) is a 422 naming it.
    return withEngineErrors(() => calculateCost(spec, defaults.params, { rates, resolve: (k) => withSets.get(k), rootId: id, nestedLines: false })).perUnit.fullCost;
  };
  const attempt = async (id: string, live: boolean) => {
    try {
      if (errors.has(id)) throw new ServiceError('VALIDATION_ERROR', errors.get(id)!);
      return { cost: await costOf(id, live), error: null };
    } catch (e) {
      if (!(e instanceof ServiceError) && !isCostError(e)) throw e;
      if (opts.stopOnError) throw e;
      return { cost: null, error: e.message };
    }
  };
  const before = new Map<string, string | null>();
  for (const id of order) {
    before.set(id, (await attempt(id, false)).cost);
    await yieldToOthers();
  }
  const lookup = await lookupCatalog(ctx.db, userId, order.map((id) => docs[id]).filter((d): d is SpecDocument => !!d), today);
  const report: RecalcReportLine[] = [];
  const saved: { id: string; name: string; version: number }[] = [];
  for (const id of order) {
    const node = nodes.get(id)!;
    const line: RecalcReportLine = { id, name: node.row.name, oldCost: before.get(id) ?? null, newCost: null, changePct: null, error: null };
    if (docs[id]) {
      const stored = docs[id];
      docs[id] = priceDocument(stored, lookup).doc;
      const after = await attempt(id, true);
      if (after.error) {
        docs[id] = stored;
        line.error = after.error;
      } else {
        try {
          const written = await writeVersion(ctx.db, node.row, userId, { name: node.row.name, metadata: patchMetadata(node.row.metadata, docs[id]) });
          node.row = written;
          // A version written by a recalculation is the user's save of that specification, as `specs/save` counts it.
          recordActivity(ctx, userId, 'spec.saved', id);
          line.newCost = after.cost;
          line.changePct = pct(line.oldCost, line.newCost);
          saved.push({ id, name: written.name, version: written.version });
        } catch (e) {
          if (!(e instanceof ServiceError) || opts.stopOnError) throw e;
          docs[id] = stored;
          line.error = e.message;
        }
      }
    } else line.error = errors.get(id) ?? 'Спецификация заполнена с ошибками.';
    report.push(line);
    await opts.onProgress?.(report.length, order.length, line);
    await yieldToOthers();
  }
  return { report, saved };
}
