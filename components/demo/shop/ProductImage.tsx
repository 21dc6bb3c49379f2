import type { ShopProduct } from './shop';
import s from '../apps.module.css';

/** A product's picture: a coloured block with its icon (the sample has no photos). */
export function ProductImage({ product, large }: { product: ShopProduct; large?: boolean }) {
  return (
    <div className={s.coverBlank} style={{ background: product.color, aspectRatio: large ? '4 / 3' : '16 / 9' }} aria-hidden>
      <i className={`pi ${product.icon}`} style={{ fontSize: large ? '4rem' : '2.5rem' }} />
    </div>
  );
}
