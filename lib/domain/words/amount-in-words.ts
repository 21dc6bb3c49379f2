import { dec, roundKop, type DecLike } from '@/lib/domain/money';
import { plural, type Forms } from '@/lib/domain/format/plural';

/**
 * «Сумма прописью» for printed documents (счёт, акт, договор): `1220` → «Одна тысяча двести двадцать
 * рублей 00 копеек». Exact (decimal.js), rounded half-up to kopecks; genders and plural forms of рубль,
 * копейка, тысяча, миллион, миллиард, триллион.
 */

type Gender = 'm' | 'f';

const ONES: Record<Gender, readonly string[]> = {
  m: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  f: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
};
const TEENS = ['десять', 'одиннадцать', 'двенадцать', 'тринадцать', 'четырнадцать', 'пятнадцать', 'шестнадцать', 'семнадцать', 'восемнадцать', 'девятнадцать'];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];

export { plural } from '@/lib/domain/format/plural';

/** 0–999 in words (empty for 0). */
function triad(n: number, gender: Gender): string[] {
  const words: string[] = [];
  const h = Math.floor(n / 100);
  const t = Math.floor((n % 100) / 10);
  const o = n % 10;
  if (h) words.push(HUNDREDS[h]!);
  if (t === 1) words.push(TEENS[o]!);
  else {
    if (t) words.push(TENS[t]!);
    if (o) words.push(ONES[gender][o]!);
  }
  return words;
}

const SCALES: readonly { forms: Forms; gender: Gender }[] = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], gender: 'f' },
  { forms: ['миллион', 'миллиона', 'миллионов'], gender: 'm' },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], gender: 'm' },
  { forms: ['триллион', 'триллиона', 'триллионов'], gender: 'm' },
];

/** A whole non-negative number in words, in the gender of the counted noun: 21 f → «двадцать одна». */
export function integerInWords(value: bigint | number, gender: Gender = 'm'): string {
  let n = BigInt(value);
  if (n < 0n) return `минус ${integerInWords(-n, gender)}`;
  if (n === 0n) return 'ноль';
  if (n >= 10n ** 15n) throw new RangeError('Число слишком большое для записи прописью (до квадриллиона).');
  const groups: number[] = [];
  while (n > 0n) {
    groups.push(Number(n % 1000n));
    n /= 1000n;
  }
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i]!;
    if (g === 0) continue;
    if (i === 0) words.push(...triad(g, gender));
    else {
      const scale = SCALES[i - 1]!;
      words.push(...triad(g, scale.gender), plural(g, scale.forms));
    }
  }
  return words.join(' ');
}

const RUB: Forms = ['рубль', 'рубля', 'рублей'];
const KOP: Forms = ['копейка', 'копейки', 'копеек'];

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface AmountInWordsOptions {
  /** Копейки in words too («двадцать копеек»); default digits («20 копеек»), as on invoices. */
  kopecksInWords?: boolean;
  /** First letter capital (default true). */
  capital?: boolean;
}

/** `1220` → «Одна тысяча двести двадцать рублей 00 копеек»; `0.5` → «Ноль рублей 50 копеек». */
export function amountInWords(amount: DecLike, opts: AmountInWordsOptions = {}): string {
  const value = roundKop(dec(amount));
  const negative = value.isNegative() && !value.isZero();
  const [intPart = '0', frac = '00'] = value.abs().toFixed(2).split('.');
  const rubles = BigInt(intPart);
  const kopecks = Number(frac);
  const kopText = opts.kopecksInWords ? integerInWords(kopecks, 'f') : frac;
  const text = `${negative ? 'минус ' : ''}${integerInWords(rubles, 'm')} ${plural(rubles, RUB)} ${kopText} ${plural(kopecks, KOP)}`;
  return opts.capital === false ? text : capitalize(text);
}
