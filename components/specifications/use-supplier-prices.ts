'use client';

import { useRef, useState } from 'react';
import type { SupplierPriceBasis } from '@/lib/domain/cost/price-basis';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { costApi } from './api';

export interface SupplierPrices {
  /** The user's default basis of supplier prices; undefined until `cost/defaults/get` answers. */
  basis: SupplierPriceBasis | undefined;
  /** Saves a new default (shown at once; the previous one comes back if the save fails). */
  onChange: (basis: SupplierPriceBasis) => void;
  /** Russian text of the last failure to save. */
  error: string | null;
}

/**
 * The user's «Цены поставщиков по умолчанию» for the specification editor: read from and saved to the cost
 * defaults. `onBasis` runs (during render, as React's «adjust state while rendering») when the basis arrives or
 * changes: the page puts its lines not yet filled on it.
 */
export function useSupplierPrices(onBasis?: (basis: SupplierPriceBasis) => void): SupplierPrices {
  return useSupplierPriceSetting(useLoad(() => costApi.defaults(), []).data?.supplierPrices, onBasis);
}

/** The same with the saved basis read by the page itself (`loaded`: from its own `cost/defaults/get`). */
export function useSupplierPriceSetting(loaded: SupplierPriceBasis | undefined, onBasis?: (basis: SupplierPriceBasis) => void): SupplierPrices {
  const [chosen, setChosen] = useState<SupplierPriceBasis | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const basis = chosen ?? loaded;
  const [seen, setSeen] = useState(basis);
  if (basis !== seen) {
    setSeen(basis);
    if (basis) onBasis?.(basis);
  }
  // Only the answer to the last change counts (two quick changes: the first answer must not undo the second).
  const ticket = useRef(0);
  const onChange = (next: SupplierPriceBasis) => {
    const before = basis;
    const mine = ++ticket.current;
    setChosen(next);
    setError(null);
    costApi.saveSupplierPrices(next).then(
      (r) => mine === ticket.current && setChosen(r.supplierPrices),
      (e) => {
        if (mine !== ticket.current) return;
        setChosen(before);
        setError(userMessage(e));
      },
    );
  };
  return { basis, onChange, error };
}
