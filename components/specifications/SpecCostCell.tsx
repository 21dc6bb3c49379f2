'use client';

import { useContext } from 'react';
import { formatMoney } from '@/lib/domain/money';
import type { FileObject } from '@/lib/schemas/files';
import { SpecCostsContext } from './spec-costs';
import { StaleBadges } from './StaleBadges';

/** The list's «Себестоимость ед.» cell: the figure and its unit (its parameters' source on hover), the badges when out of date. */
export function SpecCostCell({ object }: { object: FileObject }) {
  const costs = useContext(SpecCostsContext);
  if (object.kind !== 'file') return <>—</>;
  if (!costs) return <span aria-busy="true">…</span>;
  const c = costs.items.get(object.id);
  if (!c) return <>—</>;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: '0.125rem' }} data-testid="spec-cost">
      {c.fullCost !== null ? (
        <span style={{ whiteSpace: 'nowrap' }} title={costs.source ? `Полная себестоимость единицы; ${costs.source}` : 'Полная себестоимость единицы; параметры по умолчанию'}>
          {formatMoney(c.fullCost)}
          {c.unit ? ` / ${c.unit}` : ''}
        </span>
      ) : (
        <span title={c.error ?? undefined}>не считается</span>
      )}
      <StaleBadges status={c} />
    </span>
  );
}
