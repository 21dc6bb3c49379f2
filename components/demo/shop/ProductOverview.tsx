'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { Rating } from 'primereact/rating';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatMoney } from '@/lib/domain/money';
import { useToast } from '@/components/layout/ToastProvider';
import { useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { ProductImage } from './ProductImage';
import { ShopHeader } from './ShopHeader';
import { addToCart, MAX_QTY, SHOP_KEY, SHOP_SAMPLE } from './shop';

/** `/ecommerce/product-overview[?id=]`: one product — description, quantity, «В корзину». */
export function ProductOverview({ id }: { id?: string }) {
  const { state, set, reset, error } = useDemoStore(SHOP_KEY, SHOP_SAMPLE);
  const toast = useToast();
  const [qty, setQty] = useState(1);
  const product = state.products.find((p) => p.id === id) ?? state.products[0];

  if (!product) {
    return (
      <>
        <ShopHeader data={state} reset={reset} error={error} />
        <p>В каталоге нет товаров.</p>
      </>
    );
  }
  const inCart = state.cart.find((l) => l.productId === product.id)?.qty ?? 0;

  return (
    <>
      <ShopHeader data={state} reset={reset} error={error} description="Карточка товара из каталога-образца." />
      <div className={`${ui.card} ${ui.grid}`}>
        <ProductImage product={product} large />
        <div style={{ minWidth: 0 }}>
          <div className={s.muted}>{product.category}</div>
          <h2 style={{ margin: '0.25rem 0 0.5rem', overflowWrap: 'anywhere' }}>{product.name}</h2>
          <Rating value={product.rating} readOnly cancel={false} aria-label={`Оценка ${product.rating} из 5`} />
          <p className={`${s.big} ${s.money}`}>{formatMoney(product.price)}</p>
          <p className={`${s.small} ${s.muted}`}>Цена с НДС {state.vat.ratePct} %</p>
          <p className={s.prose}>{product.description}</p>
          <p>
            {product.stock > 0 ? <Tag severity={product.stock < 5 ? 'warning' : 'success'} value={`На складе: ${product.stock} шт.`} /> : <Tag severity="danger" value="Нет в наличии" />}
          </p>
          <div className={s.toolbar}>
            <label htmlFor="overview-qty">Количество</label>
            <InputNumber inputId="overview-qty" value={qty} min={1} max={MAX_QTY} showButtons buttonLayout="horizontal" size={3} onValueChange={(e) => setQty(e.value ?? 1)} decrementButtonIcon="pi pi-minus" incrementButtonIcon="pi pi-plus" />
            <Button
              label="В корзину"
              icon="pi pi-shopping-cart"
              disabled={product.stock <= 0}
              onClick={() => {
                set((st) => addToCart(st, product.id, qty));
                toast.show({ severity: 'success', summary: 'Добавлено в корзину', detail: `${product.name} — ${qty} шт.`, life: 2500 });
              }}
            />
          </div>
          {inCart > 0 && (
            <p className={s.muted}>
              В корзине: {inCart} шт. <Link href="/ecommerce/shopping-cart" className={s.link}>Перейти в корзину</Link>
            </p>
          )}
          <h3>Другие товары</h3>
          <ul className={s.list}>
            {state.products
              .filter((p) => p.id !== product.id)
              .slice(0, 4)
              .map((p) => (
                <li key={p.id} style={{ padding: '0.25rem 0' }}>
                  <Link href={`/ecommerce/product-overview?id=${p.id}`} className={s.link}>{p.name}</Link> — <span className={s.money}>{formatMoney(p.price)}</span>
                </li>
              ))}
          </ul>
        </div>
      </div>
    </>
  );
}
