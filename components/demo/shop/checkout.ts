import { normalizePhone } from '../profile/profiles';
import type { Order } from './shop';

export interface CheckoutDraft {
  name: string;
  phone: string;
  email: string;
  city: string;
  address: string;
  postcode: string;
  delivery: Order['delivery'];
  payment: Order['payment'];
  agree: boolean;
}
export type CheckoutErrors = Partial<Record<keyof CheckoutDraft, string>>;

export const EMPTY_CHECKOUT: CheckoutDraft = { name: '', phone: '', email: '', city: '', address: '', postcode: '', delivery: 'courier', payment: 'card', agree: false };

/** Checks the checkout form; the address is needed only for courier delivery. */
export function checkCheckout(d: CheckoutDraft): { errors: CheckoutErrors; phone?: string } {
  const e: CheckoutErrors = {};
  if (!d.name.trim()) e.name = 'Укажите имя получателя.';
  else if (d.name.trim().length > 100) e.name = 'Имя — не длиннее 100 символов.';
  const phone = d.phone.trim() ? normalizePhone(d.phone) : null;
  if (!d.phone.trim()) e.phone = 'Укажите телефон.';
  else if (!phone) e.phone = 'Введите номер из 10 цифр после +7, например +7 912 345-67-89.';
  if (!d.email.trim()) e.email = 'Укажите почту: пришлём подтверждение.';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim())) e.email = 'Введите адрес почты вида name@example.ru.';
  if (d.delivery === 'courier') {
    if (!d.city.trim()) e.city = 'Укажите город.';
    if (!d.address.trim()) e.address = 'Укажите улицу, дом и квартиру.';
    if (!/^\d{6}$/.test(d.postcode.trim())) e.postcode = 'Индекс — шесть цифр.';
  }
  if (!d.agree) e.agree = 'Нужно согласие на обработку персональных данных.';
  return { errors: e, phone: phone ?? undefined };
}
