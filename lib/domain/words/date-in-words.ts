/** Dates for printed documents: «22 ноября 2026 г.» and fully in words (договоры, доверенности). */

const MONTHS_GENITIVE = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** Day ordinals, neuter nominative («первое» … «тридцать первое»). */
const DAY_ORDINALS = [
  '',
  'первое', 'второе', 'третье', 'четвёртое', 'пятое', 'шестое', 'седьмое', 'восьмое', 'девятое', 'десятое',
  'одиннадцатое', 'двенадцатое', 'тринадцатое', 'четырнадцатое', 'пятнадцатое', 'шестнадцатое', 'семнадцатое',
  'восемнадцатое', 'девятнадцатое', 'двадцатое', 'двадцать первое', 'двадцать второе', 'двадцать третье',
  'двадцать четвёртое', 'двадцать пятое', 'двадцать шестое', 'двадцать седьмое', 'двадцать восьмое',
  'двадцать девятое', 'тридцатое', 'тридцать первое',
];

// Genitive ordinals for years («… двадцать шестого года»).
const ORD_ONES = ['', 'первого', 'второго', 'третьего', 'четвёртого', 'пятого', 'шестого', 'седьмого', 'восьмого', 'девятого'];
const ORD_TEENS = ['десятого', 'одиннадцатого', 'двенадцатого', 'тринадцатого', 'четырнадцатого', 'пятнадцатого', 'шестнадцатого', 'семнадцатого', 'восемнадцатого', 'девятнадцатого'];
const ORD_TENS = ['', '', 'двадцатого', 'тридцатого', 'сорокового', 'пятидесятого', 'шестидесятого', 'семидесятого', 'восьмидесятого', 'девяностого'];
const ORD_HUNDREDS = ['', 'сотого', 'двухсотого', 'трёхсотого', 'четырёхсотого', 'пятисотого', 'шестисотого', 'семисотого', 'восьмисотого', 'девятисотого'];
const TENS = ['', '', 'двадцать', 'тридцать', 'сорок', 'пятьдесят', 'шестьдесят', 'семьдесят', 'восемьдесят', 'девяносто'];
const HUNDREDS = ['', 'сто', 'двести', 'триста', 'четыреста', 'пятьсот', 'шестьсот', 'семьсот', 'восемьсот', 'девятьсот'];
const THOUSANDS = ['', 'одна тысяча', 'две тысячи', 'три тысячи'];
const THOUSANDS_ORD = ['', 'тысячного', 'двухтысячного', 'трёхтысячного'];

/** 1…3999 as a genitive ordinal: 2026 → «две тысячи двадцать шестого», 2000 → «двухтысячного». */
export function yearOrdinalGenitive(year: number): string {
  if (!Number.isInteger(year) || year < 1 || year > 3999) throw new RangeError('Год должен быть от 1 до 3999.');
  const th = Math.floor(year / 1000);
  const h = Math.floor((year % 1000) / 100);
  const t = Math.floor((year % 100) / 10);
  const o = year % 10;
  if (year % 1000 === 0) return THOUSANDS_ORD[th]!;
  const words: string[] = [];
  if (th) words.push(THOUSANDS[th]!);
  if (year % 100 === 0) {
    words.push(ORD_HUNDREDS[h]!);
    return words.join(' ');
  }
  if (h) words.push(HUNDREDS[h]!);
  if (t === 1) words.push(ORD_TEENS[o]!);
  else if (o === 0) words.push(ORD_TENS[t]!);
  else {
    if (t) words.push(TENS[t]!);
    words.push(ORD_ONES[o]!);
  }
  return words.join(' ');
}

/** A `YYYY-MM-DD` date (no time zone) → [year, month, day]; throws on anything else. */
function parts(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError('Дата должна быть в виде ГГГГ-ММ-ДД.');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new RangeError('Такой даты нет в календаре.');
  }
  return [y, mo, d];
}

/** `2026-11-22` → «22 ноября 2026 г.» (`quoted`: «"22" ноября 2026 г.» as in contracts). */
export function dateWithMonthName(date: string, opts: { quoted?: boolean } = {}): string {
  const [y, m, d] = parts(date);
  const day = String(d).padStart(2, '0');
  return `${opts.quoted ? `«${day}»` : d} ${MONTHS_GENITIVE[m - 1]} ${y} г.`;
}

/** `2026-11-22` → «двадцать второе ноября две тысячи двадцать шестого года». */
export function dateInWords(date: string): string {
  const [y, m, d] = parts(date);
  return `${DAY_ORDINALS[d]} ${MONTHS_GENITIVE[m - 1]} ${yearOrdinalGenitive(y)} года`;
}
