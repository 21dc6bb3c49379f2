import { dec, type Dec } from '@/lib/domain/money';
import { dayNumber, fromDayNumber } from './dates';
import { rateRowOn, type RateRow } from './rates';
import { formatIsoDate, parseRuDate } from '@/lib/domain/format/date';

/**
 * The key-rate table Банк России publishes (the XLSX export of «Ключевая ставка» on its site): a header row
 * «Дата» | «Ставка» and one row per working day, newest first. Dates come as Excel date cells (serial day
 * numbers of the 1900 system), as text `дд.мм.гггг` or ISO; rates as numbers or text with a decimal comma
 * (a cell formatted as a percent holds a fraction: 0,165 → 16,5). The days collapse into change points: the
 * first listed day of each new rate (the table lists working days only, so a change always falls on a listed
 * day).
 */

/** Not more rows than this are read (about 80 years of working days). */
const MAX_KEY_RATE_ROWS = 20_000;

export class KeyRateTableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyRateTableError';
  }
}

export interface KeyRateChange {
  effectiveFrom: string;
  /** The rate as a decimal string, `"16.5"`. */
  value: string;
}

/** Days from 1899-12-30 (Excel's day 0) to 1970-01-01. */
const EXCEL_EPOCH_OFFSET = 25_569;

function parseDate(cell: string): string | null {
  const t = cell.trim();
  if (/^\d+(\.\d+)?$/.test(t)) {
    const serial = Math.floor(Number(t));
    if (serial < 1 || serial > 2_958_465) return null;
    return fromDayNumber(serial - EXCEL_EPOCH_OFFSET);
  }
  // A spreadsheet's date-time cell keeps its day; a typed day is read as a person types it.
  return parseRuDate(/^(\d{4}-\d{2}-\d{2})T[\d:.]+Z?$/.exec(t)?.[1] ?? t);
}

function parseRate(cell: string): string | null {
  const t = cell.replace(/[\s\u00a0%]/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?([eE]-?\d+)?$/.test(t)) return null;
  let v: Dec = dec(t);
  if (v.gt(0) && v.lt(1)) v = v.times(100);
  v = v.toDecimalPlaces(4);
  if (v.lte(0) || v.gt(100)) return null;
  return v.toFixed();
}

/** The columns of «Дата» and «Ставка» in the first header row found among the first rows. */
function findHeader(rows: readonly string[][]): { at: number; date: number; rate: number } {
  for (let at = 0; at < Math.min(rows.length, 20); at += 1) {
    const cells = rows[at]!.map((c) => c.trim().toLowerCase());
    const date = cells.findIndex((c) => c.startsWith('дата'));
    const rate = cells.findIndex((c) => c.includes('ставк'));
    if (date >= 0 && rate >= 0) return { at, date, rate };
  }
  throw new KeyRateTableError('В листе нет заголовка «Дата» | «Ставка»: выберите таблицу ключевой ставки, выгруженную с сайта Банка России.');
}

/**
 * Reads the sheet (rows of cell texts) and returns the change points, oldest first. Throws
 * `KeyRateTableError` with a Russian message naming the row on a bad cell, a date given twice with two
 * rates, or an empty table.
 */
export function keyRateChanges(rows: readonly string[][]): KeyRateChange[] {
  const head = findHeader(rows);
  const body = rows.slice(head.at + 1);
  if (body.length > MAX_KEY_RATE_ROWS) throw new KeyRateTableError(`В таблице больше ${MAX_KEY_RATE_ROWS} строк.`);
  const byDay = new Map<number, string>();
  body.forEach((row, i) => {
    const line = head.at + i + 2;
    const dateCell = row[head.date] ?? '';
    const rateCell = row[head.rate] ?? '';
    if (!dateCell.trim() && !rateCell.trim()) return;
    const date = parseDate(dateCell);
    if (!date) throw new KeyRateTableError(`Строка ${line}: «${dateCell}» — не дата.`);
    const rate = parseRate(rateCell);
    if (!rate) throw new KeyRateTableError(`Строка ${line}: «${rateCell}» — не ставка в процентах.`);
    const day = dayNumber(date);
    const seen = byDay.get(day);
    if (seen !== undefined && !dec(seen).eq(dec(rate))) throw new KeyRateTableError(`Строка ${line}: на ${formatIsoDate(date)} уже указана другая ставка.`);
    byDay.set(day, rate);
  });
  if (byDay.size === 0) throw new KeyRateTableError('В таблице нет строк со ставками.');
  const out: KeyRateChange[] = [];
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const value = byDay.get(day)!;
    const prev = out.at(-1);
    if (!prev || !dec(prev.value).eq(dec(value))) out.push({ effectiveFrom: fromDayNumber(day), value });
  }
  return out;
}

/** How a change point stands against the stored rows. */
export type KeyRateStatus = 'new' | 'same' | 'differs';
export interface KeyRatePreviewRow extends KeyRateChange {
  status: KeyRateStatus;
  /** The stored rate in force on that date, if any. */
  stored: string | null;
}

/**
 * Compares the change points, oldest first, with the stored key-rate rows (and the new points before each):
 * `same` — the rate in force on that date is the same (nothing to add: the first point of an export usually just repeats the rate then in force);
 * `differs` — a stored row starts on that very date with another rate (kept: rows are never overwritten,
 * an admin decides); `new` — a row to add.
 */
export function previewKeyRateImport(changes: readonly KeyRateChange[], stored: readonly RateRow[]): KeyRatePreviewRow[] {
  // The new rows count for the points after them (a rate that returns to a stored value still needs its row).
  const book = { key_rate: [...stored] };
  // A new array for each added row: a table is never changed in place (rates.ts indexes each table once).
  return changes.map((c) => {
    let inForce: RateRow<string> | null = null;
    try {
      inForce = rateRowOn<string>(book, 'key_rate', c.effectiveFrom);
    } catch {
      inForce = null;
    }
    const stored = inForce ? dec(inForce.value).toFixed() : null;
    const status: KeyRateStatus =
      stored !== null && dec(stored).eq(dec(c.value)) ? 'same' : inForce?.effectiveFrom === c.effectiveFrom ? 'differs' : 'new';
    if (status === 'new') book.key_rate = [...book.key_rate, { effectiveFrom: c.effectiveFrom, value: c.value }];
    return { ...c, status, stored };
  });
}
