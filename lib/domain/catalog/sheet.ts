import { Dec, type DecLike } from '@/lib/domain/money';

/**
 * Sheet materials: a line entered in sheets or in м² with a utilisation % (the share of a sheet that goes
 * into the product); the other figure is derived. Results keep 4 decimal places (half-up).
 */

/** The area of one sheet in м² from its sides in mm. */
export const sheetAreaM2 = (widthMm: DecLike, heightMm: DecLike): Dec => new Dec(widthMm).times(heightMm).div(1_000_000);

const useful = (widthMm: DecLike, heightMm: DecLike, utilisationPct: DecLike) => {
  const u = new Dec(utilisationPct);
  if (u.lte(0) || u.gt(100)) throw new RangeError('utilisation must be in (0, 100]');
  return sheetAreaM2(widthMm, heightMm).times(u).div(100);
};

/** Sheets → useful м²: sheets × sheet area × utilisation. */
export function sheetsToArea(sheets: DecLike, widthMm: DecLike, heightMm: DecLike, utilisationPct: DecLike = 100): string {
  return new Dec(sheets).times(useful(widthMm, heightMm, utilisationPct)).toDecimalPlaces(4, Dec.ROUND_HALF_UP).toFixed();
}

/** Useful м² → sheets needed (fractional, 4 places) and whole sheets to buy (rounded up). */
export function areaToSheets(areaM2: DecLike, widthMm: DecLike, heightMm: DecLike, utilisationPct: DecLike = 100): { sheets: string; wholeSheets: number } {
  const per = useful(widthMm, heightMm, utilisationPct);
  if (per.isZero()) throw new RangeError('sheet area must be positive');
  const exact = new Dec(areaM2).div(per);
  return { sheets: exact.toDecimalPlaces(4, Dec.ROUND_HALF_UP).toFixed(), wholeSheets: exact.ceil().toNumber() };
}
