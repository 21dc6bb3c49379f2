'use client';

import { Button } from 'primereact/button';
import { Carousel } from 'primereact/carousel';
import { Galleria } from 'primereact/galleria';
import { Image } from 'primereact/image';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { formatMoney } from '@/lib/domain/money';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import kit from './uikit.module.css';

type Product = (typeof data.products)[number];
type Photo = (typeof data.photos)[number];

const RESPONSIVE = [
  { breakpoint: '1400px', numVisible: 3, numScroll: 1 },
  { breakpoint: '1100px', numVisible: 2, numScroll: 1 },
  { breakpoint: '700px', numVisible: 1, numScroll: 1 },
];

/** UI kit: a product carousel, a photo gallery with thumbnails and an image with preview. */
export function MediaDemo() {
  const [photo, setPhoto] = useState(0);
  return (
    <>
      <DemoPageHeader description="Медиа: карусель товаров, галерея с миниатюрами и картинка с увеличением." />
      <section className={styles.card}>
        <h2>Карусель</h2>
        <Carousel
          value={data.products.slice(0, 8)}
          numVisible={4}
          numScroll={1}
          responsiveOptions={RESPONSIVE}
          circular
          itemTemplate={(p: Product) => (
            <div className={kit.productCard} style={{ margin: '0.5rem' }}>
              {/* eslint-disable-next-line @next/next/no-img-element -- a small sample picture */}
              <img src={p.image} alt="" className={kit.photo} />
              <strong>{p.name}</strong>
              <div className={styles.row} style={{ justifyContent: 'space-between' }}>
                <span>{formatMoney(p.price)}</span>
                <Tag value={p.category} severity="info" />
              </div>
            </div>
          )}
        />
      </section>
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Галерея</h2>
          <Galleria
            value={data.photos}
            activeIndex={photo}
            onItemChange={(e) => setPhoto(e.index)}
            numVisible={4}
            showItemNavigators
            item={(p: Photo) => (
              // eslint-disable-next-line @next/next/no-img-element -- a sample picture
              <img src={p.src} alt={p.alt} className={kit.photo} />
            )}
            thumbnail={(p: Photo) => (
              // eslint-disable-next-line @next/next/no-img-element -- a sample picture
              <img src={p.src} alt="" className={kit.thumb} />
            )}
          />
          <div className={styles.row} style={{ justifyContent: 'space-between', marginTop: '0.5rem' }}>
            <span data-testid="galleria-caption">
              {photo + 1} из {data.photos.length}: {data.photos[photo]?.alt}
            </span>
            <Button label="Следующая" icon="pi pi-arrow-right" iconPos="right" size="small" text onClick={() => setPhoto((i) => (i + 1) % data.photos.length)} />
          </div>
        </section>
        <section className={styles.card}>
          <h2>Картинка с увеличением</h2>
          <Image src={data.photos[3]!.src} alt={data.photos[3]!.alt} width="100%" preview imageClassName={kit.photo} />
          <p className={styles.muted}>Нажмите на картинку, чтобы открыть её крупно.</p>
        </section>
      </div>
    </>
  );
}
