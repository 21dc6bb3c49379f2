'use client';

import Link from 'next/link';
import { Badge } from 'primereact/badge';
import type { ReactNode } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import s from '../apps.module.css';
import { cartCount, type ShopData } from './shop';

/** The shop pages' header: title, «Корзина» with the number of items, orders, «Сбросить данные». */
export function ShopHeader({ data, reset, error, description, children }: { data: ShopData; reset: () => void; error: string | null; description?: string; children?: ReactNode }) {
  const n = cartCount(data);
  return (
    <>
      <DemoPageHeader description={description} onReset={reset}>
        {children}
        <Link href="/ecommerce/order-history" className="p-button p-component p-button-text">
          <span className="p-button-icon p-button-icon-left pi pi-history" aria-hidden />
          <span className="p-button-label">Заказы</span>
        </Link>
        <Link href="/ecommerce/shopping-cart" className="p-button p-component p-button-outlined p-overlay-badge" aria-label={`Корзина, товаров: ${n}`}>
          <span className="p-button-icon p-button-icon-left pi pi-shopping-cart" aria-hidden />
          <span className="p-button-label">Корзина</span>
          {n > 0 && <Badge value={n} severity="danger" aria-hidden />}
        </Link>
      </DemoPageHeader>
      {error && <p role="alert" className={s.error}>{error}</p>}
    </>
  );
}
