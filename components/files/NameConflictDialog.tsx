'use client';

import { Button } from 'primereact/button';
import dynamic from 'next/dynamic';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import type { NameConflict } from './api';

// The dialog's code loads when a name is first found taken.
const Dialog = dynamic(() => import('primereact/dialog').then((m) => m.Dialog), { ssr: false });

export type ConflictChoice = 'replace' | 'keep' | null;

interface Asked {
  conflict: NameConflict;
  canReplace: boolean;
}

/**
 * «В этой папке уже есть …»: «Заменить» (the object there goes to the bin; offered when a file meets a
 * file), «Оставить оба» (this one gets the free numbered name) or «Отмена». `ask` resolves with the choice.
 */
export function useNameConflict(): { ask: (conflict: NameConflict, canReplace: boolean) => Promise<ConflictChoice>; dialog: ReactNode } {
  const [asked, setAsked] = useState<Asked | null>(null);
  const resolver = useRef<((c: ConflictChoice) => void) | null>(null);
  const ask = useCallback(
    (conflict: NameConflict, canReplace: boolean) =>
      new Promise<ConflictChoice>((resolve) => {
        resolver.current = resolve;
        setAsked({ conflict, canReplace });
      }),
    [],
  );
  const answer = (c: ConflictChoice) => {
    resolver.current?.(c);
    resolver.current = null;
    setAsked(null);
  };
  const dialog = asked ? (
    <Dialog
      header="Такое название уже есть"
      visible
      modal
      onHide={() => answer(null)}
      style={{ width: '30rem', maxWidth: '95vw' }}
      footer={
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '0.5rem' }}>
          <Button type="button" label="Отмена" text onClick={() => answer(null)} />
          {asked.canReplace && asked.conflict.existing && <Button type="button" label="Заменить" severity="danger" outlined onClick={() => answer('replace')} />}
          {asked.conflict.suggested && <Button type="button" label="Оставить оба" autoFocus onClick={() => answer('keep')} />}
        </div>
      }
    >
      <p style={{ marginTop: 0 }}>{asked.conflict.message}</p>
      {asked.conflict.suggested && <p>«Оставить оба» сохранит этот объект как «{asked.conflict.suggested}».</p>}
      {asked.canReplace && asked.conflict.existing && <p>«Заменить» переместит «{asked.conflict.existing.name}» в корзину.</p>}
    </Dialog>
  ) : null;
  return { ask, dialog };
}
