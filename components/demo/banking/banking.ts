import { dec, roundKop, sum, ZERO, type Dec } from '@/lib/domain/money';
import sample from '../data/banking.json';

export interface Account {
  id: string;
  name: string;
  bank: string;
  number: string;
  /** `1234.50` */
  balance: string;
}
export interface Card {
  id: string;
  name: string;
  system: string;
  last4: string;
  holder: string;
  expires: string;
  limit: string;
  spent: string;
  color: string;
}
export interface Transaction {
  id: string;
  /** `2026-11-25` */
  date: string;
  accountId: string;
  description: string;
  category: string;
  /** Signed: income positive, expense negative, `-1234.50`. */
  amount: string;
}
export interface BankingData {
  accounts: Account[];
  cards: Card[];
  transactions: Transaction[];
}

export const BANKING_SAMPLE = sample as BankingData;
export const CATEGORIES = ['Оплата от покупателей', 'Проценты', 'Материалы', 'Зарплата', 'Налоги', 'Аренда', 'Связь', 'Банк'];
export const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];

export interface MonthTotals {
  /** `2026-11` */
  month: string;
  income: Dec;
  expense: Dec;
}

/** Income and expense (a positive amount) per month, oldest first; exact decimals. */
export function totalsByMonth(transactions: readonly Transaction[]): MonthTotals[] {
  const map = new Map<string, MonthTotals>();
  for (const t of transactions) {
    const month = t.date.slice(0, 7);
    const row = map.get(month) ?? { month, income: ZERO, expense: ZERO };
    const a = dec(t.amount);
    if (a.gte(0)) row.income = row.income.plus(a);
    else row.expense = row.expense.minus(a);
    map.set(month, row);
  }
  return [...map.values()].sort((a, b) => a.month.localeCompare(b.month));
}

export const totalBalance = (accounts: readonly Account[]) => sum(accounts.map((a) => a.balance));

/** Adds an operation: the account's balance moves by the rounded amount; the list stays newest first. */
export function addTransaction(data: BankingData, t: Transaction): BankingData {
  const amount = roundKop(t.amount);
  return {
    ...data,
    accounts: data.accounts.map((a) => (a.id === t.accountId ? { ...a, balance: dec(a.balance).plus(amount).toFixed(2) } : a)),
    transactions: [{ ...t, amount: amount.toFixed(2) }, ...data.transactions].sort((a, b) => b.date.localeCompare(a.date)),
  };
}
