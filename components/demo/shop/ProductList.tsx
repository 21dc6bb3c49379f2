'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { Rating } from 'primereact/rating';
import { useState } from 'react';
import { formatMoney } from '@/lib/domain/money';
import { useToast } from '@/components/layout/ToastProvider';
import { useDemoStore } from '../store';
import s from '../apps.module.css';
import b from '../blog/blog.module.css';
import { ProductImage } from './ProductImage';
import { ShopHeader } from './ShopHeader';
import { addToCart, SHOP_KEY, SHOP_SAMPLE } from './shop';
import { LinkButton } from '../LinkButton';

/** `/ecommerce/product-list`: the catalogue — search, category, «В корзину». */
export function ProductList() {
  const { state, set, reset, error } = useDemoStore(SHOP_KEY, SHOP_SAMPLE);
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const categories = [...new Set(state.products.map((p) => p.category))];
  const q = search.trim().toLocaleLowerCase('ru');
  const products = state.products.filter((p) => (!category || p.category === category) && (!q || `${p.name} ${p.description}`.toLocaleLowerCase('ru').includes(q)));

  return (
    <>
      <ShopHeader data={state} reset={reset} error={error} description="Цены с НДС. Корзина и заказы хранятся в этом браузере.">
        <LinkButton href="/ecommerce/new-product" label="Новый товар" icon="pi-plus" look="text" />
      </ShopHeader>
      <div className={s.toolbar}>
        <IconField iconPosition="left" className={s.grow}>
          <InputIcon className="pi pi-search" />
          <InputText className={s.full} placeholder="Поиск в каталоге" aria-label="Поиск в каталоге" value={search} onChange={(e) => setSearch(e.target.value)} />
        </IconField>
        <Dropdown value={category} options={categories} placeholder="Все категории" showClear onChange={(e) => setCategory((e.value as string) ?? null)} aria-label="Категория" />
      </div>
      <ul className={b.posts} aria-label="Товары">
        {products.map((p) => (
          <li key={p.id} className={b.post}>
            <ProductImage product={p} />
            <div className={b.postBody}>
              <div className={`${s.small} ${s.muted}`}>{p.category}</div>
              <h2 className={b.postTitle}>
                <Link href={`/ecommerce/product-overview?id=${p.id}`}>{p.name}</Link>
              </h2>
              <Rating value={p.rating} readOnly cancel={false} aria-label={`Оценка ${p.rating} из 5`} />
            </div>
            <div className={s.toolbar} style={{ justifyContent: 'space-between', marginTop: 'auto', marginBottom: 0 }}>
              <span className={`${s.big} ${s.money}`}>{formatMoney(p.price)}</span>
              <Button
                label="В корзину"
                icon="pi pi-shopping-cart"
                disabled={p.stock <= 0}
                aria-label={`В корзину: ${p.name}`}
                onClick={() => {
                  set((st) => addToCart(st, p.id));
                  toast.show({ severity: 'success', summary: 'Добавлено в корзину', detail: p.name, life: 2500 });
                }}
              />
            </div>
          </li>
        ))}
      </ul>
      {products.length === 0 && <p className={s.muted}>Ничего не нашли.</p>}
    </>
  );
}
