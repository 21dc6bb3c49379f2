'use client';

import dynamic from 'next/dynamic';
import type { ConfirmDialogProps } from 'primereact/confirmdialog';
import { useCallback, useState, type ReactNode } from 'react';

// The dialog's code (ConfirmDialog and the Dialog under it) loads when a question is first asked, not with the page.
const ConfirmDialog = dynamic(() => import('primereact/confirmdialog').then((m) => m.ConfirmDialog), { ssr: false });

/** What `confirmDialog()` of PrimeReact takes: header, message, icon, labels, accept, reject. */
export type ConfirmOptions = Omit<ConfirmDialogProps, 'visible' | 'onHide'>;

/**
 * A confirmation asked from a click: `ask({ header, message, accept, … })` opens it; the page renders `dialog`
 * once. Works as `confirmDialog()` does, with the dialog's code loaded on the first question.
 */
export function useConfirm(): { ask: (options: ConfirmOptions) => void; dialog: ReactNode } {
  const [asked, setAsked] = useState<{ options: ConfirmOptions; visible: boolean; key: number } | null>(null);
  const ask = useCallback((options: ConfirmOptions) => setAsked((a) => ({ options, visible: true, key: (a?.key ?? 0) + 1 })), []);
  const dialog = asked ? (
    <ConfirmDialog key={asked.key} {...asked.options} visible={asked.visible} onHide={() => setAsked((a) => a && { ...a, visible: false })} />
  ) : null;
  return { ask, dialog };
}
