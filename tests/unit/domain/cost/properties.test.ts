// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Dec } from '@/lib/domain/money';
import {
  ARTICLE_NOS,
  calculateCost,
  marginFromMarkup,
  markupFromMargin,
  priceByMargin,
  priceByMarkup,
  vatInside,
  vatOf,
  type CostParams,
  type SpecDocument,
} from '@/lib/domain/cost';

const rates = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7' };

/** A small seeded generator so a failure can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  /** A decimal string with up to `dp` decimals, built from integers (no float arithmetic). */
  const decimal = (maxInt: number, dp: number) => {
    const scaled = int(0, maxInt * 10 ** dp);
    return new Dec(scaled).div(10 ** dp).toFixed();
  };
  const pick = <T,>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const shuffle = <T,>(xs: readonly T[]): T[] => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(0, i);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { int, decimal, pick, shuffle };
}

function randomSpec(r: ReturnType<typeof rng>): SpecDocument {
  const materials = Array.from({ length: r.int(1, 25) }, (_, i) => ({
    id: `m${i}`,
    name: `Материал ${i}`,
    unit: 'кг',
    qty: r.decimal(50, 3),
    wastePct: r.decimal(40, 1),
    wasteMode: r.pick(['uplift', 'share'] as const),
    price: r.decimal(5000, 2),
    article: r.pick(['materials', 'purchased', 'energy'] as const),
    ...(r.int(0, 3) === 0 ? { returnable: { price: r.decimal(50, 2) } } : {}),
  }));
  const operations = Array.from({ length: r.int(0, 8) }, (_, i) => ({
    id: `o${i}`,
    name: `Операция ${i}`,
    hours: r.decimal(10, 3),
    rate: r.decimal(2000, 2),
    machineHours: r.decimal(5, 2),
    machineRate: r.decimal(3000, 2),
  }));
  return { schemaVersion: 1, name: 'Случайная', unit: 'шт', outputQty: String(r.int(1, 7)), materials, operations };
}

function randomParams(r: ReturnType<typeof rng>): CostParams {
  const pool = () => {
    const base = r.pick(['wages', 'direct', 'machineHours'] as const);
    return base === 'machineHours' ? { base, rate: r.decimal(900, 2) } : { base, pct: r.decimal(200, 2) };
  };
  return {
    batchQty: String(r.int(1, 500)),
    additionalWagePct: r.decimal(20, 1),
    contributionsPct: r.pick(['30', '15.1', '7.6']),
    accidentPct: r.pick(['0.2', '1.1', '8.5']),
    shop: pool(),
    general: pool(),
    defectsPct: r.decimal(5, 2),
    otherPct: r.decimal(5, 2),
    sellingPct: r.decimal(10, 2),
    directCosting: r.int(0, 1) === 1,
    markupPct: r.decimal(80, 2),
    taxRegime: r.pick(['osno', 'usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn', 'psn'] as const),
  };
}

const add = (xs: readonly string[]) => xs.reduce((a, b) => a.plus(b), new Dec(0)).toFixed(2);

describe('properties of the калькуляция', () => {
  it('the order of lines never changes a figure', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const r = rng(seed);
      const spec = randomSpec(r);
      const params = randomParams(r);
      const a = calculateCost(spec, params, { rates });
      const b = calculateCost({ ...spec, materials: r.shuffle(spec.materials), operations: r.shuffle(spec.operations) }, params, { rates });
      expect(b.perUnit, `seed ${seed}`).toEqual(a.perUnit);
      expect(b.perBatch, `seed ${seed}`).toEqual(a.perBatch);
    }
  });
  it('lines add up to their статьи, статьи add up to the totals', () => {
    for (let seed = 1000; seed < 1150; seed++) {
      const r = rng(seed);
      const res = calculateCost(randomSpec(r), randomParams(r), { rates });
      for (const no of ARTICLE_NOS) {
        expect(add(res.lines.filter((l) => l.article === no).map((l) => l.amount)), `seed ${seed} статья ${no}`).toBe(res.perOutput.articles[no]);
      }
      for (const f of [res.perOutput, res.perUnit, res.perBatch]) {
        const a = f.articles;
        const workshop = add([a['1'], `-${a['2']}`, a['3'], a['4'], a['5'], a['6'], a['7'], a['8'], a['9'], a['10']]);
        expect(f.workshopCost).toBe(workshop);
        const all = add([workshop, a['11'], a['12'], a['13'], a['14']]);
        expect(f.fullCost).toBe(all);
        expect(add([f.fullCost, f.profit])).toBe(f.priceNoVat);
        expect(add([f.priceNoVat, f.vat])).toBe(f.priceWithVat);
      }
      // batch = unit × batchQty for every статья
      for (const no of ARTICLE_NOS) {
        expect(res.perBatch.articles[no]).toBe(new Dec(res.perUnit.articles[no]).times(res.batchQty).toFixed(2));
      }
    }
  });
  it('the BigInt fast path and the decimal.js path give the same figures and line amounts', () => {
    // "1,5" (a comma) is not a plain decimal, so those lines take the decimal.js path.
    const comma = (v: string | undefined) => (v === undefined ? v : v.includes('.') ? v.replace('.', ',') : `${v},0`);
    for (let seed = 2000; seed < 2150; seed++) {
      const r = rng(seed);
      const spec = randomSpec(r);
      const params = { ...randomParams(r), purchaseVatPct: r.pick(['22', '20', '10', '7.5']) };
      spec.materials.forEach((m, i) => {
        if (i % 3 === 0) (m as { priceIncludesVat?: boolean }).priceIncludesVat = true;
        if (i % 4 === 1) (m as { returnable?: { qty?: string; price: string } }).returnable = { qty: r.decimal(3, 3), price: r.decimal(99, 2) };
      });
      const slowSpec = {
        ...spec,
        materials: spec.materials.map((m) => ({
          ...m,
          qty: comma(m.qty)!,
          wastePct: comma(m.wastePct),
          price: comma(m.price),
          ...(m.returnable ? { returnable: { ...m.returnable, price: comma(m.returnable.price)! } } : {}),
        })),
      };
      const a = calculateCost(spec, params, { rates });
      const b = calculateCost(slowSpec, params, { rates });
      expect(b.perOutput, `seed ${seed}`).toEqual(a.perOutput);
      expect(b.lines.map((l) => [l.id, l.amount, l.gross]), `seed ${seed}`).toEqual(a.lines.map((l) => [l.id, l.amount, l.gross]));
    }
  });
  it('a nested spec costs the same as its own direct cost (without its lines = with them)', () => {
    for (let seed = 3000; seed < 3150; seed++) {
      const r = rng(seed);
      const child = randomSpec(r);
      const params = { ...randomParams(r), taxRegime: 'osno' as const };
      const own = calculateCost(child, params, { rates });
      const outputQty = new Dec(child.outputQty ?? '1');
      const expected = new Dec(own.perOutput.directCost).div(outputQty).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
      const parent: SpecDocument = { schemaVersion: 1, name: 'P', unit: 'шт', materials: [{ id: 'x', name: 'X', unit: 'шт', qty: '1', specId: 'c' }], operations: [] };
      const res = calculateCost(parent, params, { rates, resolve: () => child });
      expect(res.nested[0]!.unitCost, `seed ${seed}`).toBe(expected);
    }
  });
  it('semi-finished goods by either method: lines add up to статьи in the product and in every nested breakdown', () => {
    for (let seed = 4000; seed < 4060; seed++) {
      const r = rng(seed);
      const leaf = randomSpec(r);
      const mid = randomSpec(r);
      const top = randomSpec(r);
      mid.materials.push({ id: 'n', name: 'Лист', unit: 'шт', qty: r.decimal(5, 3), wastePct: r.decimal(20, 1), wasteMode: r.pick(['uplift', 'share'] as const), specId: 'leaf' });
      top.materials.push({ id: 'n1', name: 'Узел', unit: 'шт', qty: r.decimal(5, 3), specId: 'mid' }, { id: 'n2', name: 'Лист', unit: 'шт', qty: r.decimal(5, 3), specId: 'leaf' });
      const docs: Record<string, SpecDocument> = { leaf, mid };
      for (const semiFinishedMethod of ['flow', 'semi'] as const) {
        const res = calculateCost(top, { ...randomParams(r), semiFinishedMethod }, { rates, resolve: (id) => docs[id] });
        for (const no of ARTICLE_NOS) {
          expect(add(res.lines.filter((l) => l.article === no).map((l) => l.amount)), `seed ${seed} ${semiFinishedMethod} статья ${no}`).toBe(res.perOutput.articles[no]);
          for (const n of res.nested) {
            expect(add(n.lines!.filter((l) => l.article === no).map((l) => l.amount)), `seed ${seed} ${n.specId} статья ${no}`).toBe(n.articles[no]);
          }
        }
      }
    }
  });
  it('markup ⇄ margin round-trip', () => {
    const r = rng(7);
    for (let i = 0; i < 500; i++) {
      const cost = new Dec(r.decimal(1_000_000, 2));
      const n = new Dec(r.decimal(500, 2));
      const m = marginFromMarkup(n);
      expect(markupFromMargin(m).toDecimalPlaces(20).equals(n)).toBe(true);
      expect(priceByMargin(cost, m).toFixed(2)).toBe(priceByMarkup(cost, n).toFixed(2));
    }
  });
  it('VAT added then extracted gives the base back', () => {
    const r = rng(11);
    for (let i = 0; i < 2000; i++) {
      const base = new Dec(r.decimal(10_000_000, 2));
      const rate = new Dec(r.pick(['22', '10', '7', '5', '20', '18']));
      const vat = vatOf(base, rate);
      const gross = base.plus(vat);
      const back = vatInside(gross, rate);
      expect(back.toFixed(2), `${base} @ ${rate}`).toBe(vat.toFixed(2));
      expect(gross.minus(back).toFixed(2)).toBe(base.toFixed(2));
    }
  });
});
