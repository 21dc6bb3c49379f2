'use client';

import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { usePrimeLocaleRu } from './prime-locale-ru';

/** Client-side providers every page shares. */
export function Providers({ children }: { children: ReactNode }) {
  usePrimeLocaleRu();
  return <PrimeReactProvider value={{ ripple: true, locale: 'ru' }}>{children}</PrimeReactProvider>;
}
