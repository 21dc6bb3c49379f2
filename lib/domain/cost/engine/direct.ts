import { fastLine } from './fast';
import { kopString, type Ratio } from './fixed';
import { exactLine } from './materials';
import { nestedLine } from './nested-line';
import { operationOf } from './operations';
import type { DirectArticles, DirectPart, Run } from './run';
import { addRatio, pctText } from './text';
import { Dec, ZERO, money, pctOf, ruMoney } from '@/lib/domain/cost/num';
import type { CostLine, SpecDocument } from '@/lib/domain/cost/types';

/** Kopecks of the fast path as the app's decimal (the one money type every sum is kept in). */
const kopDec = (k: bigint): Dec => (k === 0n ? ZERO : new Dec(kopString(k)));

/**
 * Статьи 1–7 and 9 of one specification for its outputQty; `withLines` also writes the formulas.
 * A bought material line goes the fast path when it can (its kopecks summed as BigInt, joined to the
 * статья once), else the exact one; a line with `specId` enters by the semi-finished method.
 */
export function directCosts(run: Run, spec: SpecDocument, prefix: string, withLines: boolean): DirectPart {
  const art: DirectArticles = { '1': ZERO, '2': ZERO, '3': ZERO, '4': ZERO, '5': ZERO, '6': ZERO, '7': ZERO, '9': ZERO };
  const lines: CostLine[] = [];
  let machineHours: Ratio = { n: 0n, d: 1n };
  const materials = spec.materials ?? [];
  const fastKop = { '1': 0n, '2': 0n, '3': 0n, '4': 0n };
  for (let i = 0; i < materials.length; i++) {
    const m = materials[i]!;
    const f = `${prefix}materials.${i}.`;
    if (m.specId) {
      machineHours = addRatio(machineHours, nestedLine(run, m, f, withLines, art, lines));
      continue;
    }
    const fast = fastLine(run, m, withLines);
    if (fast) {
      fastKop[fast.article] += fast.kop;
      fastKop['2'] += fast.returnableKop;
      if (fast.lines) lines.push(...fast.lines);
      continue;
    }
    const exact = exactLine(run, m, f, withLines);
    art[exact.article] = art[exact.article].plus(exact.amount);
    art['2'] = art['2'].plus(exact.returnable);
    lines.push(...exact.lines);
  }
  for (const no of ['1', '2', '3', '4'] as const) art[no] = art[no].plus(kopDec(fastKop[no]));

  const operations = spec.operations ?? [];
  for (let i = 0; i < operations.length; i++) {
    const o = operationOf(operations[i]!, `${prefix}operations.${i}.`, withLines);
    art['5'] = art['5'].plus(o.wage);
    art['9'] = art['9'].plus(o.machine);
    machineHours = addRatio(machineHours, o.machineHours);
    lines.push(...o.lines);
  }

  art['6'] = pctOf(art['5'], run.additionalWagePct);
  const base7 = art['5'].plus(art['6']);
  const contributions = pctOf(base7, run.contributionsPct);
  const accident = pctOf(base7, run.accidentPct);
  art['7'] = contributions.plus(accident);
  if (withLines) {
    const on7 = `(${ruMoney(art['5'])} + ${ruMoney(art['6'])})`;
    lines.push(
      { id: '6', article: '6', name: 'Дополнительная заработная плата', formula: `${ruMoney(art['5'])} × ${pctText(run.additionalWagePct)} = ${ruMoney(art['6'])}`, amount: money(art['6']) },
      { id: '7.contributions', article: '7', name: 'Страховые взносы', formula: `${on7} × ${pctText(run.contributionsPct)} = ${ruMoney(contributions)}`, amount: money(contributions) },
      {
        id: '7.accident',
        article: '7',
        name: 'Взносы на страхование от несчастных случаев (НС и ПЗ)',
        formula: `${on7} × ${pctText(run.accidentPct)} = ${ruMoney(accident)}`,
        amount: money(accident),
      },
    );
  }
  const direct = art['1'].minus(art['2']).plus(art['3']).plus(art['4']).plus(art['5']).plus(art['6']).plus(art['7']);
  return { art, machineHours, direct, lines };
}
