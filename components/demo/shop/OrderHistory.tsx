'use client';

import Link from 'next/link';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { formatIsoDate } from '@/lib/domain/format/date';
import { formatMoney } from '@/lib/domain/money';
import { useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { ShopHeader } from './ShopHeader';
import { orderTotals, SHOP_KEY, SHOP_SAMPLE, type Order } from './shop';

/** `/ecommerce/order-history`: the orders placed, newest first; each opens its summary. */
export function OrderHistory() {
  const { state, reset, error } = useDemoStore(SHOP_KEY, SHOP_SAMPLE);
  const total = (o: Order) => orderTotals(o.items, state.vat.ratePct, o.delivery === 'courier' ? state.deliveryPrice : undefined).total;
  return (
    <>
      <ShopHeader data={state} reset={reset} error={error} description="Заказы, оформленные в этом браузере, и один заказ-образец." />
      <div className={ui.card}>
        <DataTable value={state.orders} dataKey="id" emptyMessage="Заказов пока нет." tableStyle={{ minWidth: '40rem' }} aria-label="Заказы">
          <Column header="Номер" body={(o: Order) => <Link href={`/ecommerce/order-summary?id=${o.id}`} className={s.link}>№ {o.number}</Link>} />
          <Column header="Дата" body={(o: Order) => formatIsoDate(o.date)} />
          <Column header="Получатель" body={(o: Order) => o.customer.name} />
          <Column header="Товаров" body={(o: Order) => o.items.reduce((n, i) => n + i.qty, 0)} align="right" />
          <Column header="Сумма" body={(o: Order) => <span className={s.money}>{formatMoney(total(o))}</span>} align="right" />
          <Column header="Статус" body={(o: Order) => <Tag value={o.status} severity={o.status === 'Доставлен' ? 'success' : 'info'} />} />
        </DataTable>
      </div>
    </>
  );
}
