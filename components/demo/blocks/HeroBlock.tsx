import { Button } from 'primereact/button';
import b from './blocks.module.css';

/** A page's opening: the offer, a line about it, two actions. */
export function HeroBlock() {
  return (
    <div className={b.hero}>
      <div>
        <h2 className={b.heroTitle}>Себестоимость — за минуты, а не за вечер</h2>
        <p className={b.lead}>Спецификация, операции и накладные в одном месте. Цена, которой можно верить.</p>
        <div className={b.actions}>
          <Button label="Начать бесплатно" icon="pi pi-arrow-right" iconPos="right" />
          <Button label="Посмотреть пример" outlined />
        </div>
      </div>
      <i className={`pi pi-calculator ${b.heroIcon}`} aria-hidden="true" />
    </div>
  );
}
