import { toCsv } from '@/lib/domain/requisites/csv';
import { dec, parseDecimal, parseMoney, roundKop } from '@/lib/domain/money';
import sample from '../data/products.json';

export interface Product {
  id: string;
  code: string;
  name: string;
  category: string;
  /** Price per unit, `1234.50`. */
  price: string;
  quantity: number;
}

export const PRODUCTS_SAMPLE = sample as { products: Product[] };
export const CATEGORIES = ['Плиты', 'Кромка', 'Фурнитура', 'Крепёж', 'Стекло и зеркала'];

export type StockState = { label: string; severity: 'success' | 'warning' | 'danger' };
export const stockOf = (qty: number): StockState =>
  qty <= 0 ? { label: 'Нет в наличии', severity: 'danger' } : qty < 20 ? { label: 'Мало', severity: 'warning' } : { label: 'В наличии', severity: 'success' };

/** A product's stock value: price × quantity, rounded to kopecks. */
export const stockValue = (p: Product) => roundKop(dec(p.price).times(p.quantity));

export interface ProductDraft {
  code: string;
  name: string;
  category: string;
  price: string;
  quantity: string;
}
export type ProductErrors = Partial<Record<keyof ProductDraft, string>>;

export const draftOf = (p: Product | null): ProductDraft =>
  p
    ? { code: p.code, name: p.name, category: p.category, price: p.price.replace('.', ','), quantity: String(p.quantity) }
    : { code: '', name: '', category: '', price: '', quantity: '0' };

/** Checks the product dialog; `others` are the rest of the products (the code must be unique). */
export function checkProduct(d: ProductDraft, others: readonly Product[]): { errors: ProductErrors; value?: Omit<Product, 'id'> } {
  const errors: ProductErrors = {};
  const code = d.code.trim();
  const name = d.name.trim();
  if (!code) errors.code = 'Введите артикул.';
  else if (code.length > 30) errors.code = 'Артикул — не длиннее 30 символов.';
  else if (others.some((o) => o.code.toLocaleLowerCase('ru') === code.toLocaleLowerCase('ru'))) errors.code = 'Такой артикул уже есть.';
  if (!name) errors.name = 'Введите наименование.';
  else if (name.length > 120) errors.name = 'Наименование — не длиннее 120 символов.';
  if (!d.category) errors.category = 'Выберите категорию.';
  const price = parseMoney(d.price);
  if (!price.ok) errors.price = price.message;
  else if (price.value.lte(0)) errors.price = 'Цена должна быть больше нуля.';
  else if (price.value.gt('100000000')) errors.price = 'Цена — не больше 100 000 000 ₽.';
  const qty = parseDecimal(d.quantity, 0);
  if (!qty.ok) errors.quantity = qty.message;
  else if (qty.value.lt(0)) errors.quantity = 'Количество не может быть отрицательным.';
  else if (qty.value.gt(1_000_000)) errors.quantity = 'Количество — не больше 1 000 000.';
  if (Object.keys(errors).length || !price.ok || !qty.ok) return { errors };
  return { errors, value: { code, name, category: d.category, price: price.value.toFixed(2), quantity: qty.value.toNumber() } };
}

/** A decimal the way Russian Excel reads a number from CSV: a comma, no digit grouping: `2450,50`. */
const excelNumber = (v: string) => v.replace('.', ',');

/** The products as CSV for Excel in Russia: UTF-8 with a BOM, `;`, decimal comma, a header line. */
export function productsCsv(products: readonly Product[]): string {
  const rows = [['Артикул', 'Наименование', 'Категория', 'Цена, ₽', 'Количество', 'Стоимость запаса, ₽', 'Наличие']];
  for (const p of products) {
    rows.push([p.code, p.name, p.category, excelNumber(dec(p.price).toFixed(2)), String(p.quantity), excelNumber(stockValue(p).toFixed(2)), stockOf(p.quantity).label]);
  }
  return toCsv(rows);
}
