'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { formatMoney } from '@/lib/domain/money';
import { useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { ProductImage } from './ProductImage';
import { ShopHeader } from './ShopHeader';
import { cartItems, MAX_QTY, orderTotals, SHOP_KEY, SHOP_SAMPLE } from './shop';
import { TotalsBlock } from './TotalsBlock';
import { LinkButton } from '../LinkButton';

/** `/ecommerce/shopping-cart`: the cart — quantities, remove, totals with VAT, «Оформить заказ». */
export function ShoppingCart() {
  const { state, set, reset, error } = useDemoStore(SHOP_KEY, SHOP_SAMPLE);
  const items = cartItems(state);
  const totals = orderTotals(items, state.vat.ratePct);
  const setQty = (productId: string, qty: number) =>
    set((st) => ({ ...st, cart: qty <= 0 ? st.cart.filter((l) => l.productId !== productId) : st.cart.map((l) => (l.productId === productId ? { ...l, qty: Math.min(MAX_QTY, qty) } : l)) }));

  return (
    <>
      <ShopHeader data={state} reset={reset} error={error} description="Цены с НДС; итог — сумма строк, округлённых до копеек." />
      <div className={ui.grid}>
        <section className={ui.card} aria-labelledby="cart-title">
          <h2 id="cart-title">Товары</h2>
          {items.length === 0 && (
            <p>
              Корзина пуста. <Link href="/ecommerce/product-list" className={s.link}>В каталог</Link>
            </p>
          )}
          <ul className={s.list} aria-label="Корзина">
            {items.map((i, n) => (
              <li key={i.productId} className={s.item}>
                <div style={{ width: '5rem', flexShrink: 0 }}>
                  <ProductImage product={i.product} />
                </div>
                <div className={s.itemBody}>
                  <Link href={`/ecommerce/product-overview?id=${i.productId}`} className={`${s.itemTitle} ${s.link}`}>
                    {i.name}
                  </Link>
                  <div className={`${s.small} ${s.muted}`}>
                    {formatMoney(i.price)} за шт., НДС в строке {formatMoney(totals.lines[n]!.vat)}
                  </div>
                  <div className={s.toolbar} style={{ margin: '0.5rem 0 0' }}>
                    <InputNumber
                      value={i.qty}
                      min={0}
                      max={MAX_QTY}
                      showButtons
                      buttonLayout="horizontal"
                      size={2}
                      aria-label={`Количество: ${i.name}`}
                      decrementButtonIcon="pi pi-minus"
                      incrementButtonIcon="pi pi-plus"
                      onValueChange={(e) => setQty(i.productId, e.value ?? 0)}
                    />
                    <strong className={s.money} data-testid="line-amount">
                      {formatMoney(totals.lines[n]!.amount)}
                    </strong>
                    <Button icon="pi pi-trash" text rounded severity="danger" aria-label={`Убрать из корзины: ${i.name}`} onClick={() => setQty(i.productId, 0)} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section className={ui.card} aria-labelledby="cart-sum">
          <h2 id="cart-sum">Итого</h2>
          <TotalsBlock totals={totals} ratePct={state.vat.ratePct} />
          <p className={`${s.small} ${s.muted}`}>{state.vat.source}.</p>
          {items.length > 0 && (
            <LinkButton href="/ecommerce/checkout-form" label="Оформить заказ" icon="pi-credit-card" style={{ width: '100%', justifyContent: 'center' }} />
          )}
        </section>
      </div>
    </>
  );
}
