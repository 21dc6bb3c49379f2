'use client';

import { PrimeReactProvider, type APIOptions } from 'primereact/api';
import type { ReactNode } from 'react';
import { usePrimeLocaleRu } from './prime-locale-ru';

/**
 * Pass-through fixes for every PrimeReact component. Dropdown: its hidden native <select> (kept for
 * forms) and its chevron (a non-focusable role="button" named only by a placeholder) are hidden from
 * assistive technology, so screen readers meet one named combobox with aria-expanded, not two
 * unnamed extras. DataTable's selection checkboxes: PrimeReact puts `role="checkbox"` (without
 * `aria-checked`) and the label on the wrapper around the real `<input type="checkbox">`, which already has
 * both — a second, broken checkbox for screen readers; the wrapper loses them. The header checkbox's input is
 * named here: DataTable reads that one label from its own bundled copy of the locale table, which the Russian
 * locale does not reach (it would read «All items unselected»); its state is the input's own `checked`.
 */
const PLAIN_WRAPPER = { root: { role: undefined, 'aria-label': undefined } };
const SELECT_ALL = { ...PLAIN_WRAPPER, input: { 'aria-label': 'Выбрать все строки' } };
const GLOBAL_PT: APIOptions['pt'] = {
  // A disabled Dropdown (e.g. the paginator's rows per page with an empty list) says so on its root, so its
  // greyed label counts as an inactive control, which needs no text contrast.
  dropdown: {
    root: ({ props }: { props: { disabled?: boolean } }) => (props.disabled ? { 'aria-disabled': true } : {}),
    select: { 'aria-hidden': true },
    trigger: { 'aria-hidden': true },
  } as NonNullable<APIOptions['pt']>['dropdown'],
  datatable: { column: { headerCheckbox: SELECT_ALL, rowCheckbox: PLAIN_WRAPPER } } as NonNullable<APIOptions['pt']>['datatable'],
};

/** Client-side providers every page shares. */
export function Providers({ children }: { children: ReactNode }) {
  usePrimeLocaleRu();
  return <PrimeReactProvider value={{ ripple: true, locale: 'ru', pt: GLOBAL_PT }}>{children}</PrimeReactProvider>;
}
