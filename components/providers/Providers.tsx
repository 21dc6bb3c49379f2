'use client';

import { PrimeReactProvider, type APIOptions } from 'primereact/api';
import type { ReactNode } from 'react';
import { usePrimeLocaleRu } from './prime-locale-ru';

/**
 * Pass-through fixes for every PrimeReact component. Dropdown: its hidden native <select> (kept for
 * forms) and its chevron (a non-focusable role="button" named only by a placeholder) are hidden from
 * assistive technology, so screen readers meet one named combobox with aria-expanded, not two
 * unnamed extras.
 */
const GLOBAL_PT: APIOptions['pt'] = {
  dropdown: { select: { 'aria-hidden': true }, trigger: { 'aria-hidden': true } },
};

/** Client-side providers every page shares. */
export function Providers({ children }: { children: ReactNode }) {
  usePrimeLocaleRu();
  return <PrimeReactProvider value={{ ripple: true, locale: 'ru', pt: GLOBAL_PT }}>{children}</PrimeReactProvider>;
}
