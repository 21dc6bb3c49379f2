/**
 * Exact fixed-point arithmetic on BigInt for the engine's hot loop (one material line = a few integer
 * operations instead of decimal.js objects). A value is `m / 10^s`. Only plain non-negative decimal strings
 * ("12", "0.125") take this path; anything else (commas, spaces, numbers, signs) goes the decimal.js way,
 * which also produces the Russian error messages. Both ways round the same exact value half-up.
 */

export interface Fixed {
  m: bigint;
  s: number;
}

const POW: bigint[] = [];
for (let i = 0, p = 1n; i < 64; i++, p *= 10n) POW.push(p);
export const pow10 = (n: number): bigint => POW[n] ?? 10n ** BigInt(n);

const ZERO_FIXED: Fixed = { m: 0n, s: 0 };

/** "123.45" → {m: 12345n, s: 2}; null when the text is not a plain non-negative decimal. */
export function parseFixed(v: unknown): Fixed | null {
  if (typeof v !== 'string') return null;
  const n = v.length;
  if (n === 0 || n > 40) return null;
  let dot = -1;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c === 46) {
      if (dot >= 0) return null;
      dot = i;
    } else if (c < 48 || c > 57) return null;
  }
  if (dot === 0 || dot === n - 1) return null;
  if (dot < 0) return { m: BigInt(v), s: 0 };
  return { m: BigInt(v.slice(0, dot) + v.slice(dot + 1)), s: n - dot - 1 };
}

/** Absent / empty → 0, otherwise parseFixed. */
export const parseOptFixed = (v: unknown): Fixed | null => (v === undefined || v === null || v === '' ? ZERO_FIXED : parseFixed(v));

/** round half-up of N / D for N ≥ 0, D > 0. */
export const divRoundHalfUp = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

/** A rational n / d (d > 0). */
export interface Ratio {
  n: bigint;
  d: bigint;
}

export const ratioOf = (f: Fixed): Ratio => ({ n: f.m, d: pow10(f.s) });
export const mul = (a: Ratio, b: Ratio): Ratio => ({ n: a.n * b.n, d: a.d * b.d });

/** Kopecks of a ruble amount given as a ratio, rounded half-up (non-negative). */
export const toKopecks = (r: Ratio): bigint => (r.n * 200n + r.d) / (r.d * 2n);

/** Kopecks as a money string "1234.50". */
export function kopString(k: bigint): string {
  const neg = k < 0n;
  const a = neg ? -k : k;
  const s = a.toString().padStart(3, '0');
  return `${neg ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}
