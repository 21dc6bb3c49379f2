'use client';

import { Badge } from 'primereact/badge';
import type { ReactNode } from 'react';
import { DemoPageHeader } from '../DemoPageHeader';
import s from '../apps.module.css';
import { cartCount, type ShopData } from './shop';
import { LinkButton } from '../LinkButton';

/** The shop pages' header: title, «Корзина» with the number of items, orders, «Сбросить данные». */
export function ShopHeader({ data, reset, error, description, children }: { data: ShopData; reset: () => void; error: string | null; description?: string; children?: ReactNode }) {
  const n = cartCount(data);
  return (
    <>
      <DemoPageHeader description={description} onReset={reset}>
        {children}
        <LinkButton href="/ecommerce/order-history" label="Заказы" icon="pi-history" look="text" />
        <LinkButton href="/ecommerce/shopping-cart" label="Корзина" icon="pi-shopping-cart" look="outlined" ariaLabel={`Корзина, товаров: ${n}`}>
          {n > 0 && <Badge value={n} severity="danger" aria-hidden />}
        </LinkButton>
      </DemoPageHeader>
      {error && <p role="alert" className={s.error}>{error}</p>}
    </>
  );
}
