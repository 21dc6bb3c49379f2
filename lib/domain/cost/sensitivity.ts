import { calculateCost, type CalculateOptions } from './engine';
import { Dec, HUNDRED, money } from './num';
import { invalid, parseDec } from './parse';
import type { CostParams, MaterialLine, Operation, OverheadPool, SpecDocument } from './types';

/** Input groups whose ±step the sensitivity analysis tries one at a time. */
type SensitivityGroup = 'materials' | 'purchased' | 'energy' | 'wages' | 'machine' | 'preparation' | 'shop' | 'general' | 'defects' | 'selling';

const SENSITIVITY_GROUPS: readonly SensitivityGroup[] = [
  'materials',
  'purchased',
  'energy',
  'wages',
  'machine',
  'preparation',
  'shop',
  'general',
  'defects',
  'selling',
];

const SENSITIVITY_TITLES: Record<SensitivityGroup, string> = {
  materials: 'Цены сырья и материалов',
  purchased: 'Цены покупных изделий и услуг',
  energy: 'Тарифы на топливо и энергию',
  wages: 'Часовые ставки рабочих',
  machine: 'Ставки машино-часа (РСЭО)',
  preparation: 'Подготовка производства, %',
  shop: 'Общепроизводственные расходы (ОПР)',
  general: 'Общехозяйственные расходы (ОХР)',
  defects: 'Брак и прочие производственные, %',
  selling: 'Коммерческие расходы, %',
};

interface SensitivityItem {
  group: SensitivityGroup;
  title: string;
  /** Полная себестоимость per unit with the group's inputs × (1 − step) and × (1 + step). */
  low: string;
  high: string;
  /** low − base and high − base. */
  deltaLow: string;
  deltaHigh: string;
}

export interface Sensitivity {
  stepPct: string;
  /** Полная себестоимость per unit as calculated. */
  base: string;
  /** Groups that move the cost, the strongest first (zero effect left out). */
  items: SensitivityItem[];
}

type Scale = (v: string | undefined, field: string) => string | undefined;

function scaler(factor: Dec): Scale {
  return (v, field) => (v === undefined || v === '' ? v : parseDec(v, field, 'Значение').times(factor).toFixed());
}

const ARTICLE_GROUP: Record<NonNullable<MaterialLine['article']>, SensitivityGroup> = {
  materials: 'materials',
  purchased: 'purchased',
  energy: 'energy',
};

/** The document with one group's inputs scaled (prices of own lines; a semi-finished line follows its spec). */
function scaleDoc(doc: SpecDocument, group: SensitivityGroup, scale: Scale): SpecDocument {
  if (group === 'materials' || group === 'purchased' || group === 'energy') {
    const materials = doc.materials.map((m, i): MaterialLine =>
      !m.specId && ARTICLE_GROUP[m.article ?? 'materials'] === group ? { ...m, price: scale(m.price, `materials.${i}.price`) } : m,
    );
    return { ...doc, materials };
  }
  if (group === 'wages' || group === 'machine') {
    const operations = doc.operations.map(
      (o, i): Operation =>
        group === 'wages' ? { ...o, rate: scale(o.rate, `operations.${i}.rate`)! } : { ...o, machineRate: scale(o.machineRate, `operations.${i}.machineRate`) },
    );
    return { ...doc, operations };
  }
  return doc;
}

function scalePool(pool: OverheadPool | undefined, scale: Scale, field: string): OverheadPool | undefined {
  if (!pool) return pool;
  return { ...pool, pct: scale(pool.pct, `${field}.pct`), rate: scale(pool.rate, `${field}.rate`) };
}

function scaleParams(p: CostParams, group: SensitivityGroup, scale: Scale): CostParams {
  switch (group) {
    case 'preparation':
      return { ...p, preparationPct: scale(p.preparationPct, 'params.preparationPct') };
    case 'shop':
      return { ...p, shop: scalePool(p.shop, scale, 'params.shop') };
    case 'general':
      return { ...p, general: scalePool(p.general, scale, 'params.general') };
    case 'defects':
      return { ...p, defectsPct: scale(p.defectsPct, 'params.defectsPct'), otherPct: scale(p.otherPct, 'params.otherPct') };
    case 'selling':
      return { ...p, sellingPct: scale(p.sellingPct, 'params.sellingPct') };
    default:
      return p;
  }
}

const nonZero = (v: string | undefined): boolean => v !== undefined && v !== '' && !/^[\s0.,]*$/.test(v);

/** Which groups have any non-zero input in the tree (a group without inputs cannot move the cost: no re-run). */
function groupsWithInputs(spec: SpecDocument, params: CostParams, resolve: CalculateOptions['resolve']): Set<SensitivityGroup> {
  const out = new Set<SensitivityGroup>();
  const seen = new Set<string>();
  const stack: SpecDocument[] = [spec];
  while (stack.length > 0) {
    const doc = stack.pop()!;
    for (const m of doc.materials ?? []) {
      if (m.specId) {
        if (!seen.has(m.specId)) {
          seen.add(m.specId);
          const child = resolve?.(m.specId);
          if (child) stack.push(child);
        }
      } else if (nonZero(m.price)) out.add(ARTICLE_GROUP[m.article ?? 'materials'] ?? 'materials');
    }
    for (const o of doc.operations ?? []) {
      if (nonZero(o.rate)) out.add('wages');
      if (nonZero(o.machineRate)) out.add('machine');
    }
  }
  const pool = (p: OverheadPool | undefined) => !!p && (nonZero(p.pct) || nonZero(p.rate));
  if (nonZero(params.preparationPct)) out.add('preparation');
  if (pool(params.shop)) out.add('shop');
  if (pool(params.general)) out.add('general');
  if (nonZero(params.defectsPct) || nonZero(params.otherPct)) out.add('defects');
  if (nonZero(params.sellingPct)) out.add('selling');
  return out;
}

/**
 * Sensitivity of the unit полная себестоимость: each input group in turn × (1 ± step/100), everything else as
 * given, the калькуляция recomputed by the engine (nested specifications included). Sorted by the larger
 * of the two moves, for a tornado chart.
 */
export function costSensitivity(spec: SpecDocument, params: CostParams, opts: CalculateOptions, stepPct = '10'): Sensitivity {
  const step = parseDec(stepPct, 'stepPct', 'Шаг');
  if (!step.greaterThan(0) || !step.lessThan(100)) throw invalid('stepPct', 'Шаг — больше 0 и меньше 100 %.');
  const base = new Dec(calculateCost(spec, params, { ...opts, nestedLines: false }).perUnit.fullCost);
  const run = (group: SensitivityGroup, factor: Dec): Dec => {
    const scale = scaler(factor);
    const memo = new Map<string, SpecDocument | undefined>();
    const resolve = opts.resolve;
    const scaledResolve = resolve
      ? (id: string) => {
          if (!memo.has(id)) {
            const doc = resolve(id);
            memo.set(id, doc && scaleDoc(doc, group, scale));
          }
          return memo.get(id);
        }
      : undefined;
    const r = calculateCost(scaleDoc(spec, group, scale), scaleParams(params, group, scale), { ...opts, resolve: scaledResolve, nestedLines: false });
    return new Dec(r.perUnit.fullCost);
  };
  const down = HUNDRED.minus(step).div(HUNDRED);
  const up = HUNDRED.plus(step).div(HUNDRED);
  const items: (SensitivityItem & { reach: Dec })[] = [];
  const present = groupsWithInputs(spec, params, opts.resolve);
  for (const group of SENSITIVITY_GROUPS) {
    if (!present.has(group)) continue;
    const low = run(group, down);
    const high = run(group, up);
    const dl = low.minus(base);
    const dh = high.minus(base);
    if (dl.isZero() && dh.isZero()) continue;
    items.push({
      group,
      title: SENSITIVITY_TITLES[group],
      low: money(low),
      high: money(high),
      deltaLow: money(dl),
      deltaHigh: money(dh),
      reach: Dec.max(dl.abs(), dh.abs()),
    });
  }
  items.sort((a, b) => b.reach.comparedTo(a.reach));
  return { stepPct: step.toFixed(), base: money(base), items: items.map(({ reach: _reach, ...item }) => item) };
}
