'use client';

import Link from 'next/link';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { formatIsoDate } from '@/lib/domain/format/date';
import { formatMoney } from '@/lib/domain/money';
import { useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { ShopHeader } from './ShopHeader';
import { DELIVERY_LABEL, orderTotals, PAYMENT_LABEL, SHOP_KEY, SHOP_SAMPLE, type TotalLine } from './shop';
import { TotalsBlock } from './TotalsBlock';

/** `/ecommerce/order-summary[?id=]`: an order (the latest without an id) — lines, VAT, delivery, payment. */
export function OrderSummary({ id }: { id?: string }) {
  const { state, reset, error } = useDemoStore(SHOP_KEY, SHOP_SAMPLE);
  const order = (id ? state.orders.find((o) => o.id === id) : undefined) ?? state.orders[0];
  if (!order) {
    return (
      <>
        <ShopHeader data={state} reset={reset} error={error} />
        <p>
          Заказов пока нет. <Link href="/ecommerce/product-list" className={s.link}>В каталог</Link>
        </p>
      </>
    );
  }
  const totals = orderTotals(order.items, state.vat.ratePct, order.delivery === 'courier' ? state.deliveryPrice : undefined);
  return (
    <>
      <ShopHeader data={state} reset={reset} error={error} description={`Заказ № ${order.number} от ${formatIsoDate(order.date)} — ${order.status.toLowerCase()}.`} />
      <div className={ui.grid}>
        <section className={ui.card} aria-labelledby="summary-lines">
          <h2 id="summary-lines">Заказ № {order.number}</h2>
          <DataTable value={totals.lines} tableStyle={{ minWidth: '30rem' }}>
            <Column header="Наименование" field="name" />
            <Column header="Цена" body={(l: TotalLine) => <span className={s.money}>{formatMoney(l.price)}</span>} align="right" />
            <Column header="Кол-во" field="qty" align="right" />
            <Column header="НДС" body={(l: TotalLine) => <span className={s.money}>{formatMoney(l.vat)}</span>} align="right" />
            <Column header="Сумма" body={(l: TotalLine) => <span className={s.money}>{formatMoney(l.amount)}</span>} align="right" />
          </DataTable>
          <div style={{ marginTop: '1rem' }}>
            <TotalsBlock totals={totals} ratePct={state.vat.ratePct} />
          </div>
        </section>
        <section className={ui.card} aria-labelledby="summary-who">
          <h2 id="summary-who">Получатель и доставка</h2>
          <dl className={s.totals}>
            <dt>Получатель</dt>
            <dd>{order.customer.name}</dd>
            <dt>Телефон</dt>
            <dd className={s.money}>{order.customer.phone}</dd>
            <dt>Почта</dt>
            <dd style={{ overflowWrap: 'anywhere' }}>{order.customer.email}</dd>
            <dt>Доставка</dt>
            <dd>{DELIVERY_LABEL[order.delivery]}</dd>
            <dt>Адрес</dt>
            <dd style={{ overflowWrap: 'anywhere' }}>{order.address}</dd>
            <dt>Оплата</dt>
            <dd>{PAYMENT_LABEL[order.payment]}</dd>
          </dl>
          <p>
            <Link href="/ecommerce/order-history" className={s.link}>Все заказы</Link> · <Link href="/ecommerce/product-list" className={s.link}>В каталог</Link>
          </p>
        </section>
      </div>
    </>
  );
}
