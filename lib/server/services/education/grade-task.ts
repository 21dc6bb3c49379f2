import 'server-only';
import { and, desc, eq, isNull, like } from 'drizzle-orm';
import { calculatorById } from '@/lib/domain/calculators';
import { gradeCalculatorRun, gradeCompanyValid, gradeSpecCost, type SpecCostFacts, type SpecCostParams, type Verdict } from '@/lib/domain/education/grade';
import type { TaskExercise } from '@/lib/domain/education/types';
import { searchKey } from '@/lib/domain/files/names';
import type { Dec } from '@/lib/domain/money';
import { companyRequisiteErrors, type CompanyKind, type CompanyTaxRegime } from '@/lib/domain/requisites';
import { calculateInputSchema } from '@/lib/schemas/cost';
import type { AppContext } from '../../context';
import { calculatorRuns, companies, fileObjects } from '../../db/schema';
import { ServiceError } from '../../errors';
import { runCalculation, withProcessSet } from '../cost/calculate-cost';
import { specDocOf } from '../cost/load-specs';
import { flushRecentRuns } from '../calculators/remember-run';

/** How many of the user's matching specifications, calculator runs are looked at. */
const LOOK_AT = 20;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The facts of a `spec-cost` task: each of the user's own saved specifications whose name contains the part (case
 * and ё/е ignored), with its material lines, operations (with those of its business-process set) and the full cost
 * the product's own engine gives for it — the same computation as /cost with the user's saved defaults
 * (`runCalculation`). A specification the engine refuses counts with no cost.
 */
export async function specCostFacts(ctx: AppContext, userId: string, nameIncludes: string): Promise<SpecCostFacts[]> {
  const rows = await ctx.db
    .select({ id: fileObjects.id, name: fileObjects.name, metadata: fileObjects.metadata })
    .from(fileObjects)
    .where(
      and(
        eq(fileObjects.ownerId, userId),
        eq(fileObjects.type, 'specifications'),
        eq(fileObjects.kind, 'file'),
        isNull(fileObjects.trashId),
        like(fileObjects.searchName, `%${escapeLike(searchKey(nameIncludes.trim()))}%`),
      ),
    )
    .orderBy(desc(fileObjects.updatedAt))
    .limit(LOOK_AT);
  const facts: SpecCostFacts[] = [];
  for (const row of rows) {
    try {
      const doc = specDocOf(row);
      const withSet = await withProcessSet(ctx, userId, doc);
      const { result } = await runCalculation(ctx, userId, calculateInputSchema.parse({ spec: { specId: row.id } }));
      facts.push({ materials: doc.materials.length, operations: withSet.operations.length, fullCosts: [result.perUnit.fullCost, result.perOutput.fullCost] });
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      facts.push({ materials: 0, operations: 0, fullCosts: [] });
    }
  }
  return facts;
}

async function calculatorRunVerdict(ctx: AppContext, userId: string, params: Record<string, unknown>): Promise<Verdict> {
  const calcId = String(params.calculator ?? '');
  // A run is remembered just after its answer: what this process still holds is written before it is judged.
  await flushRecentRuns();
  const runs = await ctx.db
    .select({ input: calculatorRuns.input })
    .from(calculatorRuns)
    .where(and(eq(calculatorRuns.userId, userId), eq(calculatorRuns.calcId, calcId)))
    .orderBy(desc(calculatorRuns.id))
    .limit(LOOK_AT);
  const inputs = params.inputs && typeof params.inputs === 'object' ? (params.inputs as Record<string, unknown>) : undefined;
  return gradeCalculatorRun(inputs, runs.map((r) => r.input), calculatorById(calcId)?.title ?? calcId);
}

async function companyVerdict(ctx: AppContext, userId: string, own: boolean): Promise<Verdict> {
  const rows = await ctx.db
    .select()
    .from(companies)
    .where(own ? and(eq(companies.ownerId, userId), eq(companies.isOwn, true)) : eq(companies.ownerId, userId));
  const valid = rows.filter(
    (c) =>
      c.inn !== '' &&
      Object.keys(
        companyRequisiteErrors({ ...c, kind: c.kind as CompanyKind, taxRegime: c.taxRegime as CompanyTaxRegime }),
      ).length === 0,
  );
  return gradeCompanyValid(valid.length, rows.length, own);
}

/** Grades a task done in the product; `given` is the user's number (`spec-cost` only). */
export async function gradeTask(ctx: AppContext, userId: string, ex: TaskExercise, given: Dec | null): Promise<Verdict> {
  const params = ex.params ?? {};
  if (ex.task === 'spec-cost') {
    const p = params as unknown as SpecCostParams;
    return gradeSpecCost(p, await specCostFacts(ctx, userId, p.nameIncludes), given!);
  }
  if (ex.task === 'calculator-run') return calculatorRunVerdict(ctx, userId, params);
  return companyVerdict(ctx, userId, params.own === true);
}
