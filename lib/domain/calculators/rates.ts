import { addDays, dayNumber } from './dates';
import { formatIsoDate } from '@/lib/domain/format/date';

/**
 * The dated rate tables a calculator needs, by kind: rows sorted or not, each valid from its date until
 * the next row of the same kind. Scalars are decimal strings ("22", "27093"); scales are JSON objects.
 */
export interface RateRow<V = unknown> {
  effectiveFrom: string;
  value: V;
  /** The official document that sets the value (a law and its article, a Банк России decision, a decree). */
  source?: string;
}
export type RateBook = Partial<Record<RateKind, RateRow[]>>;

/** Every kind of dated rate the calculators read. The migrations insert the rows known at release; an admin adds later ones. */
export const RATE_KINDS = {
  vat: 'НДС, общая ставка, %',
  vat_usn_5: 'НДС для УСН, пониженная ставка 5 %',
  vat_usn_7: 'НДС для УСН, пониженная ставка 7 %',
  vat_reduced: 'НДС, пониженная ставка (продовольствие, детские и медицинские товары), %',
  vat_zero: 'НДС, ставка 0 % (экспорт и приравненные операции), %',
  key_rate: 'Ключевая ставка Банка России, %',
  refinancing_rate: 'Ставка рефинансирования Банка России, % (с 01.01.2016 равна ключевой)',
  mrot: 'МРОТ, ₽ в месяц',
  insurance_base_cap: 'Предельная база страховых взносов за год, ₽',
  contribution_tariffs: 'Тарифы страховых взносов (общий, МСП, МСП-производство)',
  ndfl_scale: 'Шкала НДФЛ резидентов (трудовые доходы)',
  ip_fixed_contribution: 'Фиксированные взносы ИП за год, ₽',
  ip_additional_cap: 'Максимум 1 % взносов ИП за год, ₽',
  ip_additional_threshold: 'Доход ИП, с превышения которого платится 1 %, ₽',
  ip_additional_rate: 'Ставка дополнительных взносов ИП, %',
  usn_income_rate: 'УСН «доходы», %',
  usn_income_expenses_rate: 'УСН «доходы минус расходы», %',
  usn_minimum_rate: 'Минимальный налог УСН, % от доходов',
  court_fee_arbitration: 'Госпошлина в арбитражный суд (шкала)',
  penalty_fractions: 'Пени по налогам: доли ставки по дням просрочки (по периодам закона)',
  salary_delay_denominator: 'Компенсация за задержку зарплаты: знаменатель доли ставки (1/150; до 03.10.2016 — 1/300)',
  interest_395_rules: 'Проценты по ст. 395 ГК: какая ставка применяется в периоде',
  vacation_average_days: 'Среднемесячное число календарных дней для отпускных',
  sick_leave_rules: 'Больничный: дни периода, МРОТ за 24 месяца, дни работодателя, проценты по стажу',
  usn_contribution_limits: 'УСН «доходы»: предел уменьшения налога на взносы, %',
  usn_payment_terms: 'УСН: сроки авансов и налога за год',
  ndfl_child_deductions: 'НДФЛ: стандартные вычеты на детей и предел дохода',
} as const;
export type RateKind = keyof typeof RATE_KINDS;

/** Thrown when the table has no row on or before the date; the service answers 422 with this text. */
export class RateMissingError extends Error {
  readonly kind: RateKind;
  readonly date: string;
  constructor(kind: RateKind, date: string) {
    super(`Нет ставки «${RATE_KINDS[kind]}» на ${formatIsoDate(date)}: добавьте её в таблицу ставок.`);
    this.name = 'RateMissingError';
    this.kind = kind;
    this.date = date;
  }
}

/**
 * A table's rows by their first day, with those days as numbers: built once per table (the service keeps its
 * book). Tables are never changed in place; a table of another length is indexed again all the same.
 */
interface Index {
  rows: RateRow[];
  days: number[];
}
const indexes = new WeakMap<readonly RateRow[], Index>();

function indexOf(rows: readonly RateRow[]): Index {
  let index = indexes.get(rows);
  if (!index || index.rows.length !== rows.length) {
    const byDay = rows.map((row) => ({ row, day: dayNumber(row.effectiveFrom) })).sort((a, b) => a.day - b.day);
    index = { rows: byDay.map((x) => x.row), days: byDay.map((x) => x.day) };
    indexes.set(rows, index);
  }
  return index;
}

/** A row read through a book made by `recordingReads`, with its kind. */
export interface RateRead {
  kind: RateKind;
  row: RateRow;
}
const readsOf = new WeakMap<RateBook, Map<RateRow, RateKind>>();

/** The row in force on `date` (the latest one starting on or before it). */
export function rateRowOn<V = string>(book: RateBook, kind: RateKind, date: string): RateRow<V> {
  const day = dayNumber(date);
  const { rows, days } = indexOf(book[kind] ?? []);
  // The last row whose first day is on or before `day` (binary search).
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]! <= day) lo = mid + 1;
    else hi = mid;
  }
  const found = rows[lo - 1];
  if (!found) throw new RateMissingError(kind, date);
  const log = readsOf.get(book);
  if (log && !log.has(found)) log.set(found, kind);
  return found as RateRow<V>;
}

/**
 * The same tables as `book` (the same rows, so their indexes are shared) in a book that notes every row read
 * through it by `rateRowOn`, `rateOn` and `splitByRate`: the rows a calculation stood on, each once, in the
 * order first read.
 */
export function recordingReads(book: RateBook): { book: RateBook; reads: () => RateRead[] } {
  const own: RateBook = { ...book };
  const log = new Map<RateRow, RateKind>();
  readsOf.set(own, log);
  return { book: own, reads: () => [...log].map(([row, kind]) => ({ kind, row })) };
}

export const rateOn = <V = string>(book: RateBook, kind: RateKind, date: string): V => rateRowOn<V>(book, kind, date).value;

/** A stretch of days with one rate: `from` and `to` both included. */
export interface RateSpan<V = string> {
  from: string;
  to: string;
  days: number;
  value: V;
}

/** Splits `from`…`to` (both included) at every change of the rate; throws if the start has no rate. */
export function splitByRate<V = string>(book: RateBook, kind: RateKind, from: string, to: string): RateSpan<V>[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const changes = indexOf(book[kind] ?? []).days.filter((d) => d > start && d <= end);
  const bounds = [start, ...changes, end + 1];
  const spans: RateSpan<V>[] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const a = bounds[i]!;
    const b = bounds[i + 1]! - 1;
    const fromIso = addDays(from, a - start);
    spans.push({ from: fromIso, to: addDays(from, b - start), days: b - a + 1, value: rateOn<V>(book, kind, fromIso) });
  }
  return spans;
}
