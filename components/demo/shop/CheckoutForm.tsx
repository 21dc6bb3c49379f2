'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { moscowToday } from '@/lib/domain/format/date';
import { formatMoney } from '@/lib/domain/money';
import { useAppRouter } from '@/components/layout/use-app-router';
import { useToast } from '@/components/layout/ToastProvider';
import { newDemoId, useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { checkCheckout, EMPTY_CHECKOUT, type CheckoutDraft, type CheckoutErrors } from './checkout';
import { ShopHeader } from './ShopHeader';
import { cartItems, DELIVERY_LABEL, orderTotals, PAYMENT_LABEL, SHOP_KEY, SHOP_SAMPLE, type Order } from './shop';
import { TotalsBlock } from './TotalsBlock';

const TEXT_FIELDS: { key: 'name' | 'phone' | 'email' | 'city' | 'address' | 'postcode'; label: string; type?: string; courier?: boolean; autoComplete: string }[] = [
  { key: 'name', label: 'Получатель (ФИО)', autoComplete: 'name' },
  { key: 'phone', label: 'Телефон', type: 'tel', autoComplete: 'tel' },
  { key: 'email', label: 'Электронная почта', type: 'email', autoComplete: 'email' },
  { key: 'city', label: 'Город', courier: true, autoComplete: 'address-level2' },
  { key: 'address', label: 'Улица, дом, квартира', courier: true, autoComplete: 'street-address' },
  { key: 'postcode', label: 'Индекс', courier: true, autoComplete: 'postal-code' },
];

/** `/ecommerce/checkout-form`: recipient, delivery, payment — checked; the order goes to the history. */
export function CheckoutForm() {
  const { state, set, reset, error } = useDemoStore(SHOP_KEY, SHOP_SAMPLE);
  const router = useAppRouter();
  const toast = useToast();
  const [d, setD] = useState<CheckoutDraft>(EMPTY_CHECKOUT);
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const items = cartItems(state);
  const delivery = d.delivery === 'courier' ? state.deliveryPrice : undefined;
  const totals = orderTotals(items, state.vat.ratePct, delivery);
  const change = (patch: Partial<CheckoutDraft>) => setD((x) => ({ ...x, ...patch }));

  const submit = () => {
    const r = checkCheckout(d);
    setErrors(r.errors);
    if (Object.keys(r.errors).length || !items.length) return;
    const year = moscowToday().slice(0, 4);
    const order: Order = {
      id: newDemoId('o'),
      number: `${year}-${String(1000 + state.orders.length + 418).slice(-4)}`,
      date: moscowToday(),
      status: 'Принят',
      customer: { name: d.name.trim(), phone: r.phone ?? d.phone.trim(), email: d.email.trim() },
      address: d.delivery === 'courier' ? `${d.postcode.trim()}, ${d.city.trim()}, ${d.address.trim()}` : 'Самовывоз со склада',
      delivery: d.delivery,
      payment: d.payment,
      items: items.map(({ productId, name, price, qty }) => ({ productId, name, price, qty })),
    };
    set((st) => ({ ...st, cart: [], orders: [order, ...st.orders] }));
    toast.show({ severity: 'success', summary: `Заказ № ${order.number} оформлен`, detail: `На сумму ${formatMoney(totals.total)}` });
    router.push(`/ecommerce/order-summary?id=${order.id}`);
  };

  if (!items.length) {
    return (
      <>
        <ShopHeader data={state} reset={reset} error={error} />
        <p>
          Корзина пуста — оформлять нечего. <Link href="/ecommerce/product-list" className={s.link}>В каталог</Link>
        </p>
      </>
    );
  }

  return (
    <>
      <ShopHeader data={state} reset={reset} error={error} description="Все поля обязательны; адрес — только для доставки курьером." />
      <div className={ui.grid}>
        <form
          className={ui.card}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
            <legend className={s.itemTitle}>Доставка</legend>
            {(['courier', 'pickup'] as const).map((v) => (
              <div key={v} className={s.toolbar} style={{ marginBottom: '0.5rem' }}>
                <RadioButton inputId={`delivery-${v}`} name="delivery" value={v} checked={d.delivery === v} onChange={() => change({ delivery: v })} />
                <label htmlFor={`delivery-${v}`}>
                  {DELIVERY_LABEL[v]}
                  {v === 'courier' ? ` — ${formatMoney(state.deliveryPrice)}` : ' — бесплатно'}
                </label>
              </div>
            ))}
          </fieldset>
          <div className={s.formGrid}>
            {TEXT_FIELDS.filter((f) => !f.courier || d.delivery === 'courier').map((f) => (
              <div key={f.key} className={`${s.field} ${f.key === 'address' ? s.wide : ''}`}>
                <label htmlFor={`checkout-${f.key}`}>{f.label}</label>
                <InputText
                  id={`checkout-${f.key}`}
                  type={f.type ?? 'text'}
                  autoComplete={f.autoComplete}
                  inputMode={f.key === 'postcode' ? 'numeric' : undefined}
                  value={d[f.key]}
                  invalid={!!errors[f.key]}
                  aria-describedby={errors[f.key] ? `checkout-${f.key}-error` : undefined}
                  onChange={(e) => change({ [f.key]: e.target.value })}
                />
                {errors[f.key] && (
                  <small id={`checkout-${f.key}-error`} className={s.error}>
                    {errors[f.key]}
                  </small>
                )}
              </div>
            ))}
          </div>
          <fieldset style={{ border: 0, padding: 0, margin: '0 0 1rem' }}>
            <legend className={s.itemTitle}>Оплата</legend>
            {(['card', 'invoice'] as const).map((v) => (
              <div key={v} className={s.toolbar} style={{ marginBottom: '0.5rem' }}>
                <RadioButton inputId={`payment-${v}`} name="payment" value={v} checked={d.payment === v} onChange={() => change({ payment: v })} />
                <label htmlFor={`payment-${v}`}>{PAYMENT_LABEL[v]}</label>
              </div>
            ))}
          </fieldset>
          <div className={s.toolbar}>
            <Checkbox inputId="checkout-agree" checked={d.agree} invalid={!!errors.agree} onChange={(e) => change({ agree: !!e.checked })} />
            <label htmlFor="checkout-agree">Согласен на обработку персональных данных</label>
          </div>
          {errors.agree && <p className={s.error}>{errors.agree}</p>}
          <Button type="submit" label="Подтвердить заказ" icon="pi pi-check" />
        </form>
        <section className={ui.card} aria-labelledby="checkout-sum">
          <h2 id="checkout-sum">Ваш заказ</h2>
          <ul className={s.list}>
            {items.map((i, n) => (
              <li key={i.productId} className={s.item}>
                <span className={s.itemBody}>
                  {i.name} × {i.qty}
                </span>
                <span className={s.money}>{formatMoney(totals.lines[n]!.amount)}</span>
              </li>
            ))}
          </ul>
          <TotalsBlock totals={totals} ratePct={state.vat.ratePct} delivery />
        </section>
      </div>
    </>
  );
}
