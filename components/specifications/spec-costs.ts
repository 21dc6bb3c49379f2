'use client';

import { createContext } from 'react';
import { useLoad } from '@/lib/client/use-load';
import type { FileObject } from '@/lib/schemas/files';
import { costSourceText } from '@/components/cost/api';
import { specsApi, type SpecCostItem } from './api';

/** The page's costs by specification id, and where their parameters came from (as shown beside a cost). */
export interface SpecCosts {
  items: Map<string, SpecCostItem>;
  source: string;
}

/**
 * The current cost of the specifications shown (one page, ≤ 100): one `specs/costs` call per page, never one
 * per row. `null` while it loads; an item per specification id after.
 */
export function useSpecCosts(objects: FileObject[], enabled: boolean): SpecCosts | null {
  const shown = enabled ? objects.filter((o) => o.kind === 'file' && o.type === 'specifications') : [];
  const ids = shown.map((o) => o.id);
  // A new version of a row (a save, «Пересчитать все») asks again.
  const key = shown.map((o) => `${o.id}@${o.version}`).join(',');
  // A failure shows no figures (every cell «—») rather than a message.
  const load = useLoad(
    (signal) =>
      specsApi.costs(ids.slice(0, 100), signal).then(
        (r): SpecCosts => ({ items: new Map(r.items.map((i) => [i.id, i])), source: costSourceText(r.defaults) }),
        (): SpecCosts => ({ items: new Map(), source: '' }),
      ),
    [key],
    { enabled: key !== '' },
  );
  return load.data ?? null;
}

/** The page's costs for the cells (a context: the table does not re-render its rows for a new closure). */
export const SpecCostsContext = createContext<SpecCosts | null>(null);
