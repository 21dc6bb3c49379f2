'use client';

import { SEMI_FINISHED_METHOD_TITLES, type CostResult } from '@/lib/domain/cost';
import type { Sensitivity } from '@/lib/domain/cost/sensitivity';
import { formatMoney } from '@/lib/domain/money';
import { BreakEvenChart } from './BreakEvenChart';
import { CompareTable, type CompareColumn } from './CompareTable';
import { CostResultTable } from './CostResultTable';
import { InversePanel } from './InversePanel';
import { StructureChart } from './StructureChart';
import { TornadoChart } from './TornadoChart';
import s from './cost.module.css';

/** The калькуляция by статьи, the specifications side by side, and the analysis (structure, break-even, sensitivity, inverse). */
export function CostResults({
  result,
  compare,
  sensitivity,
  sensitivityError,
}: {
  result: CostResult;
  compare: CompareColumn[] | null;
  sensitivity: Sensitivity | null;
  sensitivityError: string | null;
}) {
  return (
    <>
      <section className={s.card}>
        <div className={s.summary} aria-live="polite">
          <span>
            Полная себестоимость: <b data-testid="full-cost">{formatMoney(result.perUnit.fullCost)}</b>
          </span>
          <span>
            Цена с НДС: <b data-testid="price-with-vat">{formatMoney(result.perUnit.priceWithVat)}</b>
          </span>
        </div>
        <div className={s.scroll}>
          <CostResultTable result={result} />
        </div>
        {result.nested.length > 0 && (
          <p className={s.muted} data-testid="semi-method">
            Метод учёта полуфабрикатов: <b>{SEMI_FINISHED_METHOD_TITLES[result.semiFinishedMethod]}</b>. Производственная себестоимость единицы:{' '}
            {result.nested.map((n) => `«${n.name}» — ${formatMoney(n.unitProductionCost)}`).join('; ')}.
          </p>
        )}
      </section>
      {compare && (
        <section className={s.card}>
          <h2>Спецификации рядом</h2>
          <CompareTable label="Сравнение спецификаций" columns={compare} />
        </section>
      )}
      <section className={s.card}>
        <h2>Анализ</h2>
        <div className={s.charts}>
          <StructureChart figures={result.perUnit} />
          <BreakEvenChart result={result} />
        </div>
        {sensitivity ? <TornadoChart data={sensitivity} /> : sensitivityError ? <p className="p-error">{sensitivityError}</p> : <p className={s.muted}>Считаем чувствительность…</p>}
        <InversePanel result={result} />
      </section>
    </>
  );
}
