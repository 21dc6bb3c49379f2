import { dec, type Dec, formatMoney, formatPercent, HUNDRED, max, min, roundKop, ZERO } from '@/lib/domain/money';
import type { Step } from './types';

export type Tariff = 'general' | 'msp' | 'msp-manufacturing';

export const TARIFF_TITLES: Record<Tariff, string> = {
  general: 'Общий тариф',
  msp: 'МСП (пониженный тариф)',
  'msp-manufacturing': 'МСП обрабатывающих производств',
};

/** The dated `contribution_tariffs` row (ст. 425, 427 НК). */
export interface ContributionTariffs {
  general: { ratePct: string; aboveCapPct: string };
  msp: { aboveMrotPct: string; mrotMultiplier: string };
  'msp-manufacturing': { aboveMrotPct: string; mrotMultiplier: string };
}

export interface ContributionsArgs {
  pay: Dec;
  /** Pay since January before this month (the yearly cap counts it). */
  ytdBefore: Dec;
  tariff: Tariff;
  tariffs: ContributionTariffs;
  cap: Dec;
  mrot: Dec;
  accidentPct: Dec;
}

export interface ContributionsOut {
  contributions: Dec;
  accident: Dec;
  steps: Step[];
}

/**
 * Страховые взносы for one employee and month, each part rounded to kopecks:
 * the part of pay up to the yearly cap at the единый тариф, the rest at the rate above the cap; for МСП
 * the pay above 1.5 МРОТ a month goes at the reduced rate instead. НС и ПЗ on the whole pay.
 */
export function monthlyContributions(a: ContributionsArgs): ContributionsOut {
  const steps: Step[] = [];
  const g = a.tariffs.general;
  let basePart = a.pay;
  let reduced = ZERO;
  if (a.tariff !== 'general') {
    const t = a.tariffs[a.tariff];
    const threshold = roundKop(a.mrot.times(dec(t.mrotMultiplier)));
    basePart = min(a.pay, threshold);
    const extra = a.pay.minus(basePart);
    reduced = roundKop(extra.times(dec(t.aboveMrotPct)).div(HUNDRED));
    steps.push({
      label: `Порог МСП: ${t.mrotMultiplier.replace('.', ',')} МРОТ`,
      formula: `${formatMoney(a.mrot)} × ${t.mrotMultiplier.replace('.', ',')} = ${formatMoney(threshold)}; выплаты сверх порога ${formatMoney(extra)}`,
      value: formatMoney(threshold),
    });
    steps.push({
      label: `Взносы по пониженному тарифу ${formatPercent(t.aboveMrotPct)}`,
      formula: `${formatMoney(extra)} × ${formatPercent(t.aboveMrotPct)}`,
      value: formatMoney(reduced),
    });
  }
  const room = max(ZERO, a.cap.minus(a.ytdBefore));
  const within = min(basePart, room);
  const above = basePart.minus(within);
  const withinC = roundKop(within.times(dec(g.ratePct)).div(HUNDRED));
  const aboveC = roundKop(above.times(dec(g.aboveCapPct)).div(HUNDRED));
  steps.push({
    label: `Взносы ${formatPercent(g.ratePct)} в пределах базы ${formatMoney(a.cap)}`,
    formula: `остаток базы ${formatMoney(a.cap)} − ${formatMoney(a.ytdBefore)} = ${formatMoney(room)}; ${formatMoney(within)} × ${formatPercent(g.ratePct)}`,
    value: formatMoney(withinC),
  });
  if (above.gt(0)) {
    steps.push({
      label: `Взносы ${formatPercent(g.aboveCapPct)} сверх предельной базы`,
      formula: `${formatMoney(above)} × ${formatPercent(g.aboveCapPct)}`,
      value: formatMoney(aboveC),
    });
  }
  const contributions = withinC.plus(aboveC).plus(reduced);
  const accident = roundKop(a.pay.times(a.accidentPct).div(HUNDRED));
  steps.push(
    { label: 'Страховые взносы всего', formula: `${formatMoney(withinC)} + ${formatMoney(aboveC)} + ${formatMoney(reduced)}`, value: formatMoney(contributions) },
    {
      label: `Взносы на травматизм (НС и ПЗ) ${formatPercent(a.accidentPct)}`,
      formula: `${formatMoney(a.pay)} × ${formatPercent(a.accidentPct)}`,
      value: formatMoney(accident),
    },
  );
  return { contributions, accident, steps };
}
