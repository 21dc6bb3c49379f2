import { CostError } from '@/lib/domain/cost/errors';
import { directCosts } from './direct';
import { kop, money } from '@/lib/domain/cost/num';
import { overheadsOf, totalsOf } from './overheads';
import { outputQtyOf, specLabel, type NestedCalc, type Run } from './run';
import { ARTICLE_NOS, type ArticleNo, type NestedResult } from '@/lib/domain/cost/types';

/**
 * A nested specification calculated on its own outputQty with the калькуляция's parameters: its статьи 1–7
 * and 9 (with its own nested ones entered by the same method), then 8 and 10–13 on its own bases — so its
 * производственная себестоимость is known for the полуфабрикатный метод. Computed once per id; a loop back
 * to a specification being computed is refused with the path. Its lines are kept while the answer stays
 * small (`nestedLineBudget`), for the drill-down.
 */
export function nestedCalcOf(run: Run, specId: string, field: string): NestedCalc {
  const known = run.memo.get(specId);
  if (known) return known;
  const at = run.stack.indexOf(specId);
  if (at >= 0) {
    const path = [...run.stack.slice(at), specId];
    throw new CostError(
      'SPEC_CYCLE',
      `Спецификации ссылаются друг на друга по кругу: ${path.map((id) => specLabel(run, id)).join(' → ')}.`,
      { path, fields: { [field]: 'Эта спецификация входит сама в себя.' } },
    );
  }
  const spec = run.resolve(specId);
  if (!spec) {
    throw new CostError('NESTED_SPEC_NOT_FOUND', `Вложенная спецификация не найдена (${specId}).`, {
      path: [...run.stack, specId],
      fields: { [field]: 'Спецификация не найдена.' },
    });
  }
  run.names.set(specId, spec.name);
  run.stack.push(specId);
  const prefix = `specs.${specId}.`;
  const size = (spec.materials?.length ?? 0) + (spec.operations?.length ?? 0);
  const withLines = size <= run.nestedLineBudget;
  if (withLines) run.nestedLineBudget -= size;
  const outputQty = outputQtyOf(spec, prefix);
  const part = directCosts(run, spec, prefix, withLines);
  const over = overheadsOf(run.over, part, withLines);
  run.stack.pop();
  const t = totalsOf(over.articles, run.over.directCosting);
  const calc: NestedCalc = {
    specId,
    name: spec.name,
    unit: spec.unit,
    outputQty,
    part,
    articles: over.articles,
    directCost: t.directCost,
    workshopCost: t.workshopCost,
    productionCost: t.productionCost,
    unitDirect: kop(t.directCost.div(outputQty)),
    unitProduction: kop(t.productionCost.div(outputQty)),
    lines: withLines ? [...part.lines, ...over.lines] : null,
  };
  run.memo.set(specId, calc);
  return calc;
}

/** The wire form of a nested calculation. */
export function nestedResultOf(c: NestedCalc): NestedResult {
  const articles = {} as Record<ArticleNo, string>;
  for (const no of ARTICLE_NOS) articles[no] = money(c.articles[no]);
  return {
    specId: c.specId,
    name: c.name,
    unit: c.unit,
    outputQty: c.outputQty.toFixed(),
    unitCost: money(c.unitDirect),
    unitProductionCost: money(c.unitProduction),
    articles,
    directCost: money(c.directCost),
    workshopCost: money(c.workshopCost),
    productionCost: money(c.productionCost),
    lines: c.lines,
  };
}
