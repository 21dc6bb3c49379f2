'use client';

import { createContext, useContext } from 'react';
import { useLoad } from '@/lib/client/use-load';
import { formatMoney } from '@/lib/domain/money';
import type { FileObject } from '@/lib/schemas/files';
import { specsApi, type SpecCostItem } from './api';
import { StaleBadges } from './StaleBadges';

/**
 * The current cost of the specifications shown (one page, ≤ 100): one `specs/costs` call per page, never one
 * per row. `null` while it loads; an item per specification id after.
 */
export function useSpecCosts(objects: FileObject[], enabled: boolean): Map<string, SpecCostItem> | null {
  const shown = enabled ? objects.filter((o) => o.kind === 'file' && o.type === 'specifications') : [];
  const ids = shown.map((o) => o.id);
  // A new version of a row (a save, «Пересчитать все») asks again.
  const key = shown.map((o) => `${o.id}@${o.version}`).join(',');
  // A failure shows no figures (every cell «—») rather than a message.
  const load = useLoad(
    (signal) =>
      specsApi.costs(ids.slice(0, 100), signal).then(
        (r) => new Map(r.items.map((i) => [i.id, i])),
        () => new Map<string, SpecCostItem>(),
      ),
    [key],
    { enabled: key !== '' },
  );
  return load.data ?? null;
}

/** The page's costs for the cells (a context: the table does not re-render its rows for a new closure). */
export const SpecCostsContext = createContext<Map<string, SpecCostItem> | null>(null);

/** The list's «Себестоимость ед.» cell: the figure and its unit, the badges when out of date. */
export function SpecCostCell({ object }: { object: FileObject }) {
  const costs = useContext(SpecCostsContext);
  if (object.kind !== 'file') return <>—</>;
  if (!costs) return <span aria-busy="true">…</span>;
  const c = costs.get(object.id);
  if (!c) return <>—</>;
  return (
    <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', gap: '0.125rem' }} data-testid="spec-cost">
      {c.fullCost !== null ? (
        <span style={{ whiteSpace: 'nowrap' }}>
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
