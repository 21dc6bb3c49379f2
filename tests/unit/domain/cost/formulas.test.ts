// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { operationsOfSet } from '@/lib/domain/business-processes';
import { calculateCost, type CostParams, type CostResult, type SpecDocument } from '@/lib/domain/cost';

/**
 * Every formula the engine writes (lines, explanations, nested breakdowns — the texts the page, the printed
 * form and the XLSX show) must recompute to the amount it shows, to the kopeck (half-up), on a calculator.
 *
 * Reading a formula: segments split by «; »; a label ends with «: »; a segment is «e₀ = e₁ = … = r» (a «≈»
 * segment is an approximation and is not checked). In an expression, parentheses that hold words are a note
 * and are skipped, other words and units (кг, ч, ₽/ч, маш.-ч, «…») are skipped; numbers are Russian
 * («1 234,56», NBSP groups, «-» for a negative), «7/3» is a fraction, «%» after a number divides it by 100;
 * operators × / ÷ + −. Every eᵢ that holds a number, evaluated exactly and rounded half-up to the decimals
 * of r, must equal r.
 */

type Q = { n: bigint; d: bigint };
const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a;
};
const norm = ({ n, d }: Q): Q => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
};
const op = (a: Q, o: string, b: Q): Q => {
  if (o === '+') return norm({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
  if (o === '−') return norm({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
  if (o === '×') return norm({ n: a.n * b.n, d: a.d * b.d });
  if (b.n === 0n) throw new Error('division by zero');
  return norm({ n: a.n * b.d, d: a.d * b.n });
};

// A negative is written with the minus sign U+2212 glued to its digits («−8 614,20»), never a hyphen.
const NUM = /^\u2212?\d{1,3}(?:\u00a0\d{3})*(?:,\d+)?$/;
const FRACTION = /^(\d{1,3}(?:\u00a0\d{3})*)\/(\d{1,3}(?:\u00a0\d{3})*)$/;
function numberOf(t: string): Q | null {
  const f = FRACTION.exec(t);
  if (f) return norm({ n: BigInt(f[1]!.replace(/\u00a0/g, '')), d: BigInt(f[2]!.replace(/\u00a0/g, '')) });
  if (!NUM.test(t)) return null;
  const [int, frac = ''] = t.replace(/\u00a0/g, '').replace('\u2212', '-').split(',');
  return norm({ n: BigInt(int! + frac), d: 10n ** BigInt(frac.length) });
}
const OPS = new Set(['×', '/', '÷', '+', '−']);

type Tok = { kind: 'num'; v: Q } | { kind: 'op'; v: string } | { kind: 'pct' } | { kind: 'group'; items: Tok[]; note: boolean };

function tokens(expr: string): Tok[] {
  const raw = expr.replace(/\(/g, ' ( ').replace(/\)/g, ' ) ').replace(/%/g, ' % ').split(' ').filter(Boolean);
  const stack: Tok[][] = [[]];
  const notes: boolean[] = [false];
  for (const t of raw) {
    if (t === '(') {
      stack.push([]);
      notes.push(false);
    } else if (t === ')') {
      const items = stack.pop()!;
      const note = notes.pop()!;
      if (!note) stack[stack.length - 1]!.push({ kind: 'group', items, note });
    } else if (t === '%') stack[stack.length - 1]!.push({ kind: 'pct' });
    else if (OPS.has(t)) stack[stack.length - 1]!.push({ kind: 'op', v: t === '÷' ? '/' : t });
    else {
      const v = numberOf(t);
      if (v) stack[stack.length - 1]!.push({ kind: 'num', v });
      else if (/[A-Za-zА-Яа-яЁё]/.test(t)) notes[notes.length - 1] = true; // a word: the group is a note
    }
  }
  if (stack.length !== 1) throw new Error(`unbalanced parentheses in «${expr}»`);
  return stack[0]!;
}

/** The value of a token list, or null when it holds no number. */
function evaluate(items: Tok[]): Q | null {
  const operands: Q[] = [];
  const ops: string[] = [];
  let expectOperand = true;
  for (const t of items) {
    if (t.kind === 'num' || t.kind === 'group') {
      const v = t.kind === 'num' ? t.v : evaluate(t.items);
      if (v === null) continue;
      if (!expectOperand) throw new Error('two operands in a row');
      operands.push(v);
      expectOperand = false;
    } else if (t.kind === 'pct') {
      operands.push(op(operands.pop()!, '/', { n: 100n, d: 1n }));
    } else {
      if (expectOperand) throw new Error(`operator «${t.v}» without an operand`);
      ops.push(t.v);
      expectOperand = true;
    }
  }
  if (operands.length === 0) return null;
  if (expectOperand) throw new Error('dangling operator');
  // × and / first (left to right), then + and −.
  const vals = [operands[0]!];
  const low: string[] = [];
  ops.forEach((o, i) => {
    const b = operands[i + 1]!;
    if (o === '×' || o === '/') vals.push(op(vals.pop()!, o, b));
    else {
      low.push(o);
      vals.push(b);
    }
  });
  return low.reduce((acc, o, i) => op(acc, o, vals[i + 1]!), vals[0]!);
}

/** Half-up rounding of q to `places` decimals, as the shown text `-12,34`. */
function roundText(q: Q, places: number): string {
  const scale = 10n ** BigInt(places);
  const neg = q.n < 0n;
  const a = (neg ? -q.n : q.n) * scale;
  const m = (2n * a + q.d) / (2n * q.d);
  const digits = m.toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const text = places ? `${int},${digits.slice(-places)}` : int;
  return neg && m !== 0n ? `\u2212${text}` : text;
}

/** Checks a formula; returns the number of equalities recomputed, throws on a mismatch. */
function checkFormula(formula: string): number {
  let checked = 0;
  for (const segment of formula.split('; ')) {
    if (segment.includes('≈')) continue;
    const colon = segment.lastIndexOf(': ');
    const body = colon >= 0 ? segment.slice(colon + 2) : segment;
    const parts = body.split(' = ');
    if (parts.length < 2) continue;
    const shown = /^\u2212?[\d\u00a0]+(?:,\d+)?/.exec(parts[parts.length - 1]!.trim());
    if (!shown) throw new Error(`no result in «${formula}»`);
    const places = shown[0].includes(',') ? shown[0].split(',')[1]!.length : 0;
    for (const e of parts.slice(0, -1)) {
      const v = evaluate(tokens(e));
      if (v === null) continue;
      const got = roundText(v, places);
      if (got !== shown[0]) throw new Error(`«${formula}»: «${e}» gives ${got}, shown ${shown[0]}`);
      checked++;
    }
  }
  return checked;
}

function allFormulas(r: CostResult): string[] {
  return [
    ...r.lines.map((l) => l.formula),
    ...Object.values(r.explain).map((e) => e.formula),
    ...r.nested.flatMap((n) => (n.lines ?? []).map((l) => l.formula)),
  ];
}

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

/** Operations of a business-process set: a 10-minute step with 3 workers and a machine, a step in hours. */
const { operations: setOps, energy: setEnergy } = operationsOfSet(
  {
    name: 'Цех',
    steps: [
      { id: 'cut', name: 'Раскрой', time: '10', timeUnit: 'мин', rate: '400', workers: '3', equipment: { name: 'Пила', machineRate: '350', powerKw: '2.2', tariff: '7.37' } },
      { id: 'pack', name: 'Упаковка', time: '7', timeUnit: 'мин', rate: '333.33' },
      { id: 'glue', name: 'Склейка', time: '0.35', timeUnit: 'ч', rate: '512.5' },
    ],
  },
  '3',
);

const leaf: SpecDocument = {
  schemaVersion: 1, name: 'Заготовка', unit: 'шт', outputQty: '7',
  materials: [
    { id: 'a', name: 'Лист', unit: 'кг', qty: '3', wastePct: '7', wasteMode: 'share', price: '1234.56', returnable: { price: '10' } },
    { id: 'b', name: 'Клей', unit: 'кг', qty: '0.125', price: '899.99', article: 'purchased' },
  ],
  operations: [{ id: 'x', name: 'Штамповка', hours: '0.16667', rate: '400', machineHours: '0.1', machineRate: '1250' }],
};
const middle: SpecDocument = {
  schemaVersion: 1, name: 'Узел', unit: 'шт', outputQty: '3',
  materials: [
    { id: 'l', name: 'Заготовка', unit: 'шт', qty: '2', wastePct: '5', specId: 'leaf' },
    { id: 'c', name: 'Рейка', unit: 'м', qty: '1.234', wastePct: '7.5', price: '45.67' },
  ],
  operations: setOps,
};
const rich: SpecDocument = {
  schemaVersion: 1, name: 'Изделие', unit: 'шт', outputQty: '3',
  materials: [
    { id: 'm1', name: 'Щит', unit: 'м²', qty: '0.40', wastePct: '10', price: '2000.00' },
    { id: 'm2', name: 'Ткань', unit: 'м²', qty: '1.10', wastePct: '15', wasteMode: 'share', price: '1000' },
    { id: 'm3', name: 'Доска', unit: 'шт', qty: '1', price: '122', priceIncludesVat: true },
    { id: 'm4', name: 'Краска', unit: 'кг', qty: '0,5', price: '1,005' },
    { id: 'm5', name: 'Сталь', unit: 'кг', qty: '14,625', wastePct: '1', wasteMode: 'share', price: '635,25', returnable: { price: '3,3' } },
    { id: 'm6', name: 'Лист', unit: 'кг', qty: '10', wastePct: '20', price: '100', returnable: { qty: '1.5', price: '15.5' } },
    { id: 'm7', name: 'Узел', unit: 'шт', qty: '2', specId: 'middle' },
    { id: 'm8', name: 'Заготовка', unit: 'шт', qty: '5', wastePct: '3', wasteMode: 'share', specId: 'leaf' },
    ...Array.from({ length: 14 }, (_, i) => ({ id: `f${i}`, name: `Фурнитура ${i}`, unit: 'шт', qty: `${i + 1}.5`, price: `${i + 2}.33` })),
    ...setEnergy,
  ],
  operations: [
    { id: 'o1', name: 'Сборка', hours: '0.8', rate: '500' },
    { id: 'o2', name: 'Фрезеровка', hours: '0.16667', rate: '650.555', machineHours: '0.4', machineRate: '1200' },
    ...setOps,
  ],
};
const docs: Record<string, SpecDocument> = { leaf, middle };

const base: CostParams = {
  batchQty: '7',
  additionalWagePct: '12.345',
  contributionsPct: '30',
  accidentPct: '0.2',
  preparationPct: '2.5',
  shop: { base: 'machineHours', rate: '333.33' },
  general: { base: 'direct', pct: '7.125' },
  defectsPct: '1.5',
  otherPct: '0.25',
  sellingPct: '3.75',
  markupPct: '17.5',
};

describe('every formula recomputes to the amount it shows', () => {
  const variants: [string, CostParams][] = [
    ['by статьи, ОСНО, наценка', base],
    ['полуфабрикатный, маржа', { ...base, semiFinishedMethod: 'semi', markupPct: undefined, marginPct: '22.2' }],
    ['УСН (НДС поставщика в стоимости), директ-костинг, на зарплату', { ...base, taxRegime: 'usn15', directCosting: true, shop: { base: 'wages', pct: '133.3' }, general: { base: 'wages', pct: '45.5' } }],
    ['цена задана, убыток', { ...base, markupPct: undefined, price: '100', purchaseVatPct: '10' }],
  ];
  for (const [title, params] of variants) {
    it(title, () => {
      const r = calculateCost(rich, params, { rates, resolve: (id) => docs[id] });
      let checked = 0;
      for (const f of allFormulas(r)) checked += checkFormula(f);
      expect(checked).toBeGreaterThan(60);
    });
  }
  it('shows time in minutes as used: 10 мин × 3 рабочих × 3 шт = 90 мин × 400,00 ÷ 60', () => {
    const r = calculateCost(rich, base, { rates, resolve: (id) => docs[id] });
    expect(r.lines.find((l) => l.id === 'ps-cut')!.formula).toBe('90 мин × 400,00 ₽/ч ÷ 60 = 600,00');
    expect(r.lines.find((l) => l.id === 'ps-pack')!.formula).toBe('21 мин × 333,33 ₽/ч ÷ 60 = 116,67');
    expect(r.lines.find((l) => l.id === 'ps-cut.machine')!.formula).toBe('30 мин × 350,00 ₽/маш.-ч ÷ 60 = 175,00');
    expect(r.lines.find((l) => l.id === 'o2')!.formula).toBe('0,16667 ч × 650,555 ₽/ч = 108,43');
    // 1,10 / (1 − 15 %) is not a finite decimal: shown ≈, the amount uses the exact operands
    expect(r.lines.find((l) => l.id === 'm2')!.formula).toBe('1,1 / (1 − 15 %) ≈ 1,2941 м²; 1,1 / (1 − 15 %) × 1\u00a0000,00 = 1\u00a0294,12');
  });
  it('refuses the rounded-operand formulas it replaced', () => {
    expect(() => checkFormula('0,1667 ч × 400,00 = 66,67')).toThrow(/gives 66,68/);
    expect(() => checkFormula('3 / (1 − 7 %) = 3,2258 кг; 3,2258 × 1\u00a0234,56 = 3\u00a0982,45')).toThrow();
    expect(checkFormula('10 мин × 400,00 ₽/ч ÷ 60 = 66,67')).toBe(1);
    expect(checkFormula('статьи 1 − 2 + 3 + 4: 10,00 − 1,00 + 2,00 + 0,00 = 11,00')).toBe(1);
    expect(checkFormula('400,00 × 4 / 3 = 533,33 (статья 5 «Ножка» на выпуск 3 шт)')).toBe(1);
    expect(checkFormula('11/12 маш.-ч × 300,00 ₽/маш.-ч = 275,00')).toBe(1);
  });
});
