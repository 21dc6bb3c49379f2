import { dec, HUNDRED, roundKop, sum, type Dec } from '@/lib/domain/money';
import sample from '../data/shop.json';

export interface ShopProduct {
  id: string;
  name: string;
  category: string;
  /** Price with VAT, `1234.50`. */
  price: string;
  rating: number;
  stock: number;
  color: string;
  icon: string;
  description: string;
}
export interface CartLine {
  productId: string;
  qty: number;
}
export interface OrderItem {
  productId: string;
  name: string;
  price: string;
  qty: number;
}
export interface Order {
  id: string;
  number: string;
  date: string;
  status: string;
  customer: { name: string; phone: string; email: string };
  address: string;
  delivery: 'courier' | 'pickup';
  payment: 'card' | 'invoice';
  items: OrderItem[];
}
export interface ShopData {
  vat: { ratePct: string; source: string };
  deliveryPrice: string;
  products: ShopProduct[];
  cart: CartLine[];
  orders: Order[];
}

export const SHOP_SAMPLE = sample as ShopData;
export const SHOP_KEY = 'shop';
export const DELIVERY_LABEL = { courier: 'Курьером', pickup: 'Самовывоз со склада' } as const;
export const PAYMENT_LABEL = { card: 'Картой при получении', invoice: 'По счёту для организаций' } as const;

export interface TotalLine {
  name: string;
  price: Dec;
  qty: number;
  /** price × qty rounded to kopecks (VAT included). */
  amount: Dec;
  /** The VAT inside the line's amount: amount × r / (100 + r), rounded to kopecks. */
  vat: Dec;
}
export interface Totals {
  lines: TotalLine[];
  /** Sum of the rounded line amounts (VAT included). */
  total: Dec;
  /** Sum of the lines' rounded VAT. */
  vat: Dec;
  /** total − vat. */
  net: Dec;
}

/**
 * Totals of an order whose prices include VAT: every line (goods and delivery) is rounded to kopecks half-up,
 * its VAT is taken out of the rounded amount and rounded too, and the totals are sums of those rounded lines —
 * so the receipt adds up to the kopeck.
 */
export function orderTotals(items: readonly { name: string; price: string; qty: number }[], ratePct: string, delivery?: string): Totals {
  const r = dec(ratePct);
  const all = delivery && dec(delivery).gt(0) ? [...items, { name: 'Доставка', price: delivery, qty: 1 }] : items;
  const lines = all.map((i) => {
    const price = dec(i.price);
    const amount = roundKop(price.times(i.qty));
    const vat = roundKop(amount.times(r).div(HUNDRED.plus(r)));
    return { name: i.name, price, qty: i.qty, amount, vat };
  });
  const total = sum(lines.map((l) => l.amount));
  const vat = sum(lines.map((l) => l.vat));
  return { lines, total, vat, net: total.minus(vat) };
}

/** The cart's lines with their products (lines of products no longer sold are left out). */
export function cartItems(data: ShopData): (OrderItem & { product: ShopProduct })[] {
  return data.cart.flatMap((l) => {
    const product = data.products.find((p) => p.id === l.productId);
    return product ? [{ productId: product.id, name: product.name, price: product.price, qty: l.qty, product }] : [];
  });
}

export const MAX_QTY = 99;

/** Puts `qty` more of a product into the cart (at most MAX_QTY of one product). */
export function addToCart(data: ShopData, productId: string, qty = 1): ShopData {
  const has = data.cart.find((l) => l.productId === productId);
  const cart = has
    ? data.cart.map((l) => (l.productId === productId ? { ...l, qty: Math.min(MAX_QTY, l.qty + qty) } : l))
    : [...data.cart, { productId, qty: Math.min(MAX_QTY, qty) }];
  return { ...data, cart };
}

export const cartCount = (data: ShopData) => data.cart.reduce((n, l) => n + l.qty, 0);
