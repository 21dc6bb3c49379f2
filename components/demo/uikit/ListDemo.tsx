'use client';

import { DataView, DataViewLayoutOptions } from 'primereact/dataview';
import { OrderList } from 'primereact/orderlist';
import { PickList } from 'primereact/picklist';
import { Rating } from 'primereact/rating';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatMoney } from '@/lib/domain/money';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import kit from './uikit.module.css';

type Product = (typeof data.products)[number];
type Stock = keyof typeof data.stock;
const SEVERITY: Record<Stock, 'success' | 'warning' | 'danger'> = { inStock: 'success', lowStock: 'warning', outOfStock: 'danger' };

const stockTag = (p: Product) => <Tag value={data.stock[p.status as Stock]} severity={SEVERITY[p.status as Stock]} />;

function ProductItem({ p, layout }: { p: Product; layout: 'list' | 'grid' }) {
  return (
    <div className={layout === 'grid' ? kit.productCard : kit.productRow}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a small sample picture */}
      <img src={p.image} alt="" className={kit.productImage} />
      <div className={kit.productText}>
        <strong>{p.name}</strong>
        <span className={styles.muted}>
          <i className="pi pi-tag" aria-hidden="true" /> {p.category}
        </span>
        <Rating value={p.rating} readOnly cancel={false} aria-label={`Оценка ${p.rating} из 5`} />
      </div>
      <div className={kit.productPrice}>
        <strong>{formatMoney(p.price)}</strong>
        {stockTag(p)}
      </div>
    </div>
  );
}

const byName = (list: Product[]) => list.map((p) => p.name);

/** UI kit: DataView (list and grid), PickList and OrderList over the sample products. */
export function ListDemo() {
  const [layout, setLayout] = useState<'list' | 'grid'>('grid');
  const [source, setSource] = useState<Product[]>(data.products.slice(0, 6));
  const [target, setTarget] = useState<Product[]>([]);
  const [ordered, setOrdered] = useState<Product[]>(data.products.slice(0, 5));

  return (
    <>
      <DemoPageHeader description="Списки: товары строками или плиткой, перенос между списками и порядок элементов." />
      <section className={styles.card}>
        <h2>Каталог</h2>
        <DataView
          value={data.products}
          layout={layout}
          paginator
          rows={6}
          header={
            <div className={styles.row} style={{ justifyContent: 'space-between' }}>
              <span>Вид: {layout === 'grid' ? 'плитка' : 'список'}</span>
              <DataViewLayoutOptions layout={layout} onChange={(e) => setLayout(e.value as 'list' | 'grid')} />
            </div>
          }
          listTemplate={(items: Product[], l) => (
            <div className={l === 'grid' ? kit.productGrid : kit.productList} data-testid="dataview-items" data-layout={l}>
              {items.map((p) => (
                <ProductItem key={p.id} p={p} layout={l === 'grid' ? 'grid' : 'list'} />
              ))}
            </div>
          )}
        />
      </section>
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Перенос между списками</h2>
          <PickList
            dataKey="id"
            source={source}
            target={target}
            onChange={(e) => {
              setSource(e.source as Product[]);
              setTarget(e.target as Product[]);
            }}
            itemTemplate={(p: Product) => <span>{p.name}</span>}
            sourceHeader="Доступные"
            targetHeader="Выбранные"
            sourceStyle={{ height: '16rem' }}
            targetStyle={{ height: '16rem' }}
            breakpoint="1400px"
            showSourceControls={false}
            showTargetControls={false}
          />
          <p className={styles.muted} data-testid="picklist-target">
            Выбрано: {byName(target).join(', ') || 'ничего'}
          </p>
        </section>
        <section className={styles.card}>
          <h2>Порядок</h2>
          <OrderList
            dataKey="id"
            value={ordered}
            onChange={(e) => setOrdered(e.value as Product[])}
            itemTemplate={(p: Product) => <span>{p.name}</span>}
            header="Очередь закупки"
            dragdrop
          />
          <p className={styles.muted} data-testid="orderlist-first">
            Первым: {ordered[0]?.name}
          </p>
        </section>
      </div>
    </>
  );
}
