'use client';

import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { parseDecimal, parseMoney } from '@/lib/domain/money';
import { useAppRouter } from '@/components/layout/use-app-router';
import { useToast } from '@/components/layout/ToastProvider';
import { newDemoId, useDemoStore } from '../store';
import ui from '../demo.module.css';
import s from '../apps.module.css';
import { ShopHeader } from './ShopHeader';
import { SHOP_KEY, SHOP_SAMPLE, type ShopProduct } from './shop';

interface Draft {
  name: string;
  category: string;
  price: string;
  stock: string;
  description: string;
}
type Errors = Partial<Record<keyof Draft, string>>;
const COLORS = ['#6366f1', '#10b981', '#f59e0b', '#0ea5e9', '#8b5cf6', '#ef4444'];

/** `/ecommerce/new-product`: a new product for the catalogue, checked; it appears in the catalogue. */
export function NewProduct() {
  const { state, set, reset, error } = useDemoStore(SHOP_KEY, SHOP_SAMPLE);
  const router = useAppRouter();
  const toast = useToast();
  const [d, setD] = useState<Draft>({ name: '', category: '', price: '', stock: '1', description: '' });
  const [errors, setErrors] = useState<Errors>({});
  const categories = [...new Set(state.products.map((p) => p.category))];

  const save = () => {
    const e: Errors = {};
    if (!d.name.trim()) e.name = 'Введите название товара.';
    else if (d.name.trim().length > 100) e.name = 'Название — не длиннее 100 символов.';
    else if (state.products.some((p) => p.name.toLocaleLowerCase('ru') === d.name.trim().toLocaleLowerCase('ru'))) e.name = 'Товар с таким названием уже есть.';
    if (!d.category) e.category = 'Выберите категорию.';
    const price = parseMoney(d.price);
    if (!price.ok) e.price = price.message;
    else if (price.value.lte(0)) e.price = 'Цена должна быть больше нуля.';
    else if (price.value.gt('10000000')) e.price = 'Цена — не больше 10 000 000 ₽.';
    const stock = parseDecimal(d.stock, 0);
    if (!stock.ok) e.stock = stock.message;
    else if (stock.value.lt(0) || stock.value.gt(100000)) e.stock = 'Остаток — от 0 до 100 000.';
    if (d.description.length > 2000) e.description = 'Описание — не длиннее 2000 символов.';
    setErrors(e);
    if (Object.keys(e).length || !price.ok || !stock.ok) return;
    const product: ShopProduct = {
      id: newDemoId('s'),
      name: d.name.trim(),
      category: d.category,
      price: price.value.toFixed(2),
      rating: 0,
      stock: stock.value.toNumber(),
      color: COLORS[state.products.length % COLORS.length]!,
      icon: 'pi-box',
      description: d.description.trim(),
    };
    set((st) => ({ ...st, products: [product, ...st.products] }));
    toast.show({ severity: 'success', summary: 'Товар добавлен в каталог', detail: product.name });
    router.push('/ecommerce/product-list');
  };

  const err = (k: keyof Draft) =>
    errors[k] && (
      <small id={`np-${k}-error`} className={s.error}>
        {errors[k]}
      </small>
    );
  const aria = (k: keyof Draft) => ({ invalid: !!errors[k], 'aria-describedby': errors[k] ? `np-${k}-error` : undefined });

  return (
    <>
      <ShopHeader data={state} reset={reset} error={error} description="Цена — с НДС. Товар появится в каталоге этого браузера." />
      <form
        className={ui.card}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <div className={s.field}>
          <label htmlFor="np-name">Название</label>
          <InputText id="np-name" value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} {...aria('name')} />
          {err('name')}
        </div>
        <div className={s.formGrid}>
          <div className={s.field}>
            <label htmlFor="np-category">Категория</label>
            <Dropdown inputId="np-category" value={d.category} options={categories} placeholder="Выберите" invalid={!!errors.category} onChange={(e) => setD({ ...d, category: e.value as string })} />
            {err('category')}
          </div>
          <div className={s.field}>
            <label htmlFor="np-price">Цена с НДС, ₽</label>
            <InputText id="np-price" inputMode="decimal" placeholder="12 990,00" value={d.price} onChange={(e) => setD({ ...d, price: e.target.value })} {...aria('price')} />
            {err('price')}
          </div>
          <div className={s.field}>
            <label htmlFor="np-stock">Остаток, шт.</label>
            <InputText id="np-stock" inputMode="numeric" value={d.stock} onChange={(e) => setD({ ...d, stock: e.target.value })} {...aria('stock')} />
            {err('stock')}
          </div>
        </div>
        <div className={s.field}>
          <label htmlFor="np-description">Описание</label>
          <InputTextarea id="np-description" rows={5} value={d.description} onChange={(e) => setD({ ...d, description: e.target.value })} {...aria('description')} />
          {err('description')}
        </div>
        <div className={s.toolbar}>
          <Button type="submit" label="Добавить в каталог" icon="pi pi-check" />
          <Button type="button" label="Отмена" text onClick={() => router.push('/ecommerce/product-list')} />
        </div>
      </form>
    </>
  );
}
