import { formatMoney } from '@/lib/domain/money';
import s from '../apps.module.css';
import type { Totals } from './shop';

/** Sum without VAT, VAT at the rate, total — each the sum of rounded lines. */
export function TotalsBlock({ totals, ratePct, delivery }: { totals: Totals; ratePct: string; delivery?: boolean }) {
  const deliveryLine = delivery ? totals.lines.find((l) => l.name === 'Доставка') : undefined;
  return (
    <dl className={s.totals} aria-label="Итоги">
      {deliveryLine && (
        <>
          <dt>Доставка</dt>
          <dd className={s.money}>{formatMoney(deliveryLine.amount)}</dd>
        </>
      )}
      <dt>Без НДС</dt>
      <dd className={s.money}>{formatMoney(totals.net)}</dd>
      <dt>НДС {ratePct} %</dt>
      <dd className={s.money} data-testid="vat-total">
        {formatMoney(totals.vat)}
      </dd>
      <dt className={s.totalLine}>Итого с НДС</dt>
      <dd className={`${s.money} ${s.totalLine}`} data-testid="order-total">
        {formatMoney(totals.total)}
      </dd>
    </dl>
  );
}
