import 'server-only';
import { operationsOfSet } from '@/lib/domain/business-processes';
import { calculateCost, isCostError, type SpecDocument } from '@/lib/domain/cost';
import { calculateInputSchema, type CalculateInput } from '@/lib/schemas/cost';
import { asCostParams, asSpecDocument } from '@/lib/schemas/specification';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { recordActivity } from '../activity/record';
import { requireUser } from '../auth/require-user';
import { defaultParamsFor, mergeParams } from './defaults';
import { collectSpecs, readStoredSpec } from './load-specs';
import { findBusinessProcess } from '../business-processes/model';
import { costRatesOn } from './rates';
import { moscowToday } from '@/lib/domain/format/date';
import { priceDocuments } from '../catalog/apply-catalog';
import { rateDocuments } from '../catalog/work-centre-rates';

export { calculateInputSchema, type CalculateInput };

/**
 * Everything the engine needs for a user's request: the document, its nested specs (operations linked to a work
 * centre at the caller's centre's current rates), merged params, dated rates.
 */
export async function prepareCalculation(ctx: AppContext, userId: string, input: CalculateInput) {
  let spec: SpecDocument;
  let rootId: string | undefined;
  if ('specId' in input.spec) {
    rootId = input.spec.specId;
    const givenRoot = input.specs?.[rootId];
    spec = givenRoot ? asSpecDocument(givenRoot) : await readStoredSpec(ctx.db, userId, rootId, false);
  } else spec = asSpecDocument(input.spec);
  const given = Object.fromEntries(Object.entries(input.specs ?? {}).map(([k, v]) => [k, asSpecDocument(v)]));
  let specs = await collectSpecs(ctx.db, userId, spec, given);
  // Catalogue prices on `priceDate` when asked; the work centres' current rates always (`priceDocuments` gives both).
  if (input.priceDate) ({ root: spec, nested: specs } = await priceDocuments(ctx.db, userId, spec, specs, input.priceDate));
  else ({ root: spec, nested: specs } = await rateDocuments(ctx.db, userId, spec, specs));
  spec = await withProcessSet(ctx, userId, spec);
  for (const [id, doc] of specs) if (doc.processSetId) specs.set(id, await withProcessSet(ctx, userId, doc));
  const defaults = await defaultParamsFor(ctx.db, userId, input.companyId);
  const params = mergeParams(defaults.params, asCostParams(input.params));
  const date = input.date ?? moscowToday();
  const rates = await costRatesOn(ctx.db, date);
  return { spec, rootId, specs, params, rates, defaults: defaults.source, date };
}

/** Runs engine code; a CostError becomes a ServiceError (422 family) with wire field paths. */
export function withEngineErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (isCostError(e)) {
      throw new ServiceError(e.code, e.message, {
        fields: e.fields ? prefixFields(e.fields) : undefined,
        extra: e.path ? { path: e.path } : undefined,
      });
    }
    throw e;
  }
}

/** Runs the engine for a user: defaults, stored and given nested specs, dated rates; engine errors → 422. */
export async function runCalculation(ctx: AppContext, userId: string, input: CalculateInput) {
  const { spec, rootId, specs, params, rates, defaults, date } = await prepareCalculation(ctx, userId, input);
  const result = withEngineErrors(() => calculateCost(spec, params, { rates, resolve: (id) => specs.get(id), rootId }));
  return { result, params, defaults, date };
}

/**
 * A specification linked to a business-process set (`processSetId`) takes the set's steps as operations
 * (and their power as energy lines, статья 4), after its own operations.
 */
export async function withProcessSet(ctx: AppContext, userId: string, doc: SpecDocument): Promise<SpecDocument> {
  if (!doc.processSetId) return doc;
  const set = await findBusinessProcess(ctx.db, userId, doc.processSetId);
  if (!set) {
    throw new ServiceError('PROCESS_SET_NOT_FOUND', `Набор процессов спецификации «${doc.name}» не найден.`, {
      fields: { 'spec.processSetId': 'Набор процессов не найден.' },
    });
  }
  const { operations, energy } = operationsOfSet(set, doc.outputQty ?? '1');
  return { ...doc, operations: [...doc.operations, ...operations], materials: [...doc.materials, ...energy] };
}

/** Engine paths are relative to the document; on the wire they are under `spec.` or `params.`/`specs.`. */
function prefixFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k.startsWith('params.') || k.startsWith('specs.') ? k : `spec.${k}`, v]),
  );
}

/** `POST /api/v1/cost/calculate {spec, params, specs?, date?, companyId?}` → `result`. */
export const calculateCostCall = defineCall({
  input: calculateInputSchema,
  maxBody: 32 * 1024 * 1024,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { result, params, defaults, date } = await runCalculation(ctx, user.id, input);
    recordActivity(ctx, user.id, 'cost.calculated', 'specId' in input.spec ? input.spec.specId : null);
    return { msg: 'Калькуляция готова', result, params, defaults, date };
  },
});
