import { Dec, dec, type DecLike } from './decimal';

/** A line amount: rounded to kopecks, half-up (0.125 → 0.13, −0.125 → −0.13). */
export const roundKop = (v: DecLike): Dec => dec(v).toDecimalPlaces(2, Dec.ROUND_HALF_UP);

/**
 * A tax in a declaration or ЕНП (НДФЛ, УСН, госпошлина): whole rubles, п. 6 ст. 52 НК —
 * less than 50 kopecks dropped, 50 kopecks and more → the next ruble.
 */
export const roundRub = (v: DecLike): Dec => dec(v).toDecimalPlaces(0, Dec.ROUND_HALF_UP);

/** Rounds to `places` decimals half-up (percents: 2). */
export const roundTo = (v: DecLike, places: number): Dec => dec(v).toDecimalPlaces(places, Dec.ROUND_HALF_UP);

/** Wire form of money: rounded to kopecks, a dot, exactly two decimals: "1234.50". */
export const toMoneyString = (v: DecLike): string => roundKop(v).toFixed(2);

/** Wire form with a fixed number of decimals (percents "20.00", quantities "1.265"). */
export const toFixedString = (v: DecLike, places: number): string => roundTo(v, places).toFixed(places);
