import { dec, type Dec, type DecLike, formatMoney, formatPercent, HUNDRED, ZERO } from '@/lib/domain/money';

/** The progressive НДФЛ scale of a year (ст. 224 НК): each rate applies to the part above its threshold. */
export interface NdflScale {
  brackets: { from: string; ratePct: string }[];
}

/** НДФЛ on a yearly cumulative income, exact (not rounded). */
export function ndflExact(scale: NdflScale, income: DecLike): Dec {
  const y = dec(income);
  const brackets = [...scale.brackets].sort((a, b) => dec(a.from).cmp(dec(b.from)));
  let tax = ZERO;
  brackets.forEach((b, i) => {
    const from = dec(b.from);
    const next = brackets[i + 1];
    const to = next ? dec(next.from) : undefined;
    if (y.lte(from)) return;
    const top = to && y.gt(to) ? to : y;
    tax = tax.plus(top.minus(from).times(dec(b.ratePct)).div(HUNDRED));
  });
  return tax;
}

/** The rate that applies to the next ruble after `income`. */
export function marginalRate(scale: NdflScale, income: DecLike): Dec {
  const y = dec(income);
  let rate = dec(scale.brackets[0]?.ratePct ?? '13');
  for (const b of scale.brackets) if (y.gte(dec(b.from))) rate = dec(b.ratePct);
  return rate;
}

/** Human form of the scale for a step: «13 % до 2 400 000,00 ₽, 15 % свыше…». */
export function describeScale(scale: NdflScale): string {
  return scale.brackets
    .map((b, i) => (i === 0 ? formatPercent(b.ratePct) : `${formatPercent(b.ratePct)} свыше ${formatMoney(b.from)}`))
    .join('; ');
}
