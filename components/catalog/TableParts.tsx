'use client';

import type { ReactNode } from 'react';
import s from './catalog.module.css';

/** A row's delete button (a bin), named for screen readers by `label`. */
export function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="p-button p-button-text p-button-danger p-button-sm" aria-label={label} onClick={onClick}>
      <i className="pi pi-trash" aria-hidden="true" />
    </button>
  );
}

/** The one row of an empty table: what is there to do, across all its columns. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className={s.muted}>
        {children}
      </td>
    </tr>
  );
}
