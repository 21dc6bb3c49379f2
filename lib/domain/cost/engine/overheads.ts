import { kopString, mul, toKopecks, type Ratio } from './fixed';
import { Dec, ZERO, money, pctOf, ruMoney } from '@/lib/domain/cost/num';
import { invalid, optDec, parseDec } from '@/lib/domain/cost/parse';
import { nonNegative, type Articles, type DirectPart, type OverheadParams, type ResolvedPool } from './run';
import { pctText, decimalAsFraction, ratioText, ruPrice } from './text';
import type { CostLine, CostParams, OverheadPool } from '@/lib/domain/cost/types';

function resolvePool(pool: OverheadPool | undefined, field: string): ResolvedPool | null {
  if (!pool) return null;
  if (pool.base === 'machineHours') {
    const rate = parseDec(pool.rate ?? pool.pct ?? '', `${field}.rate`, 'Ставка машино-часа');
    return { base: 'machineHours', value: nonNegative(rate, `${field}.rate`, 'Ставка машино-часа') };
  }
  if (pool.base === 'wages' || pool.base === 'direct') {
    return { base: pool.base, value: nonNegative(optDec(pool.pct, `${field}.pct`, '0', 'Процент'), `${field}.pct`, 'Процент') };
  }
  throw invalid(`${field}.base`, 'База распределения: основная ЗП, прямые затраты или машино-часы.');
}

/** Статьи 8 and 10–13 parameters, checked once (the same for the product and every nested specification). */
export function overheadParamsOf(p: CostParams): OverheadParams {
  const pct = (v: string | undefined, field: string, label: string) => nonNegative(optDec(v, `params.${field}`, '0', label), `params.${field}`, label);
  return {
    preparationPct: pct(p.preparationPct, 'preparationPct', 'Подготовка производства'),
    shop: resolvePool(p.shop, 'params.shop'),
    general: resolvePool(p.general, 'params.general'),
    defectsPct: pct(p.defectsPct, 'defectsPct', 'Брак'),
    otherPct: pct(p.otherPct, 'otherPct', 'Прочие'),
    directCosting: p.directCosting === true,
  };
}

function poolOf(pool: ResolvedPool | null, bases: { wages: Dec; direct: Dec; machineHours: Ratio }): { amount: Dec; formula: string } {
  if (!pool) return { amount: ZERO, formula: 'не начисляются = 0,00' };
  if (pool.base === 'machineHours') {
    const amount = new Dec(kopString(toKopecks(mul(bases.machineHours, decimalAsFraction(pool.value)))));
    return { amount, formula: `${ratioText(bases.machineHours)} маш.-ч × ${ruPrice(pool.value)} ₽/маш.-ч = ${ruMoney(amount)}` };
  }
  if (pool.base === 'wages') {
    const amount = pctOf(bases.wages, pool.value);
    return { amount, formula: `основная ЗП ${ruMoney(bases.wages)} × ${pctText(pool.value)} = ${ruMoney(amount)}` };
  }
  const amount = pctOf(bases.direct, pool.value);
  return { amount, formula: `прямые затраты ${ruMoney(bases.direct)} × ${pctText(pool.value)} = ${ruMoney(amount)}` };
}

export function totalsOf(a: Articles, directCosting: boolean) {
  const materialCost = a['1'].minus(a['2']).plus(a['3']).plus(a['4']);
  const directCost = materialCost.plus(a['5']).plus(a['6']).plus(a['7']);
  const workshopCost = directCost.plus(a['8']).plus(a['9']).plus(a['10']);
  const productionCost = workshopCost.plus(directCosting ? ZERO : a['11']).plus(a['12']).plus(a['13']);
  const fullCost = productionCost.plus(a['14']).plus(directCosting ? a['11'] : ZERO);
  return { materialCost, directCost, workshopCost, productionCost, fullCost };
}

/**
 * Статьи 8 and 10–13 on a specification's own bases (основная ЗП, прямые затраты, машино-часы — with
 * whatever flowed into them from nested specifications); 14 is left at zero.
 */
export function overheadsOf(o: OverheadParams, part: DirectPart, withLines: boolean): { articles: Articles; lines: CostLine[] } {
  const a: Articles = { ...part.art, '8': ZERO, '10': ZERO, '11': ZERO, '12': ZERO, '13': ZERO, '14': ZERO };
  const lines: CostLine[] = [];
  a['8'] = pctOf(a['5'], o.preparationPct);
  const bases = { wages: a['5'], direct: part.direct, machineHours: part.machineHours };
  const shop = poolOf(o.shop, bases);
  const general = poolOf(o.general, bases);
  a['10'] = shop.amount;
  a['11'] = general.amount;
  const workshop = totalsOf(a, o.directCosting).workshopCost;
  a['12'] = pctOf(workshop, o.defectsPct);
  a['13'] = pctOf(workshop, o.otherPct);
  if (withLines) {
    lines.push(
      {
        id: '8',
        article: '8',
        name: 'Подготовка и освоение производства',
        formula: `основная ЗП ${ruMoney(a['5'])} × ${pctText(o.preparationPct)} = ${ruMoney(a['8'])}`,
        amount: money(a['8']),
      },
      { id: '10', article: '10', name: 'Общепроизводственные расходы (ОПР)', formula: shop.formula, amount: money(a['10']) },
      {
        id: '11',
        article: '11',
        name: o.directCosting ? 'Общехозяйственные расходы (ОХР, директ-костинг: вне производственной)' : 'Общехозяйственные расходы (ОХР)',
        formula: general.formula,
        amount: money(a['11']),
      },
      { id: '12', article: '12', name: 'Потери от брака', formula: `цеховая ${ruMoney(workshop)} × ${pctText(o.defectsPct)} = ${ruMoney(a['12'])}`, amount: money(a['12']) },
      { id: '13', article: '13', name: 'Прочие производственные расходы', formula: `цеховая ${ruMoney(workshop)} × ${pctText(o.otherPct)} = ${ruMoney(a['13'])}`, amount: money(a['13']) },
    );
  }
  return { articles: a, lines };
}
