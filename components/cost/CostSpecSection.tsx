'use client';

import dynamic from 'next/dynamic';
import { useState, type Dispatch, type SetStateAction } from 'react';
import type { SpecDocument } from '@/lib/domain/cost';
import { ListLoading } from '@/components/layout/ListLoading';
import { specsApi, type SpecChoice } from '@/components/specifications/api';
import type { SupplierPrices } from '@/components/specifications/use-supplier-prices';
import { SpecPicker, SpecsPicker } from './SpecPicker';
import s from './cost.module.css';

// Whether a chosen specification is out of date: its code comes with the choice.
const CostStaleNotice = dynamic(() => import('./CostStaleNotice').then((m) => m.CostStaleNotice), { ssr: false });
// The draft editor (its rows, operations and the catalogue link) loads right after the first paint; until
// then «Загрузка…» holds its place at the height of an empty draft.
const SpecEditor = dynamic(() => import('@/components/specifications/SpecEditor').then((m) => m.SpecEditor), {
  ssr: false,
  loading: () => (
    <div className={s.draftLoading}>
      <ListLoading />
    </div>
  ),
});

/** The value of «Черновик» in the specification picker. */
export const DRAFT = '';

/**
 * What is calculated: a stored specification (with its staleness notice) or a draft edited here, and the other
 * specifications to compare with. Both pickers search the user's specifications on the server, a page at a
 * time; the draft's semi-finished list is loaded (names and units only) once the draft is worked on.
 */
export function CostSpecSection({
  spec,
  onSpec,
  compare,
  onCompare,
  draft,
  onDraft,
  errors,
  supplierPrices,
}: {
  /** The chosen specification (its name may still be loading: ''), null = the draft. */
  spec: SpecChoice | null;
  onSpec: (spec: SpecChoice | null) => void;
  compare: SpecChoice[];
  onCompare: (specs: SpecChoice[]) => void;
  draft: SpecDocument;
  onDraft: Dispatch<SetStateAction<SpecDocument>>;
  /** The draft's field errors from the last calculation (`spec.` stripped). */
  errors: Record<string, string>;
  /** The user's default basis of supplier prices for the draft's new lines (and its setting). */
  supplierPrices?: SupplierPrices;
}) {
  const [nestable, setNestable] = useState<SpecChoice[] | undefined>(undefined);
  const [wanted, setWanted] = useState(false);
  const wantNestable = () => {
    if (wanted) return;
    setWanted(true);
    specsApi.choices().then(setNestable, () => setWanted(false));
  };
  return (
    <section className={s.card}>
      <div className={s.field}>
        <label htmlFor="cost-spec">Спецификация</label>
        <SpecPicker inputId="cost-spec" value={spec && spec.name ? spec : null} onChange={onSpec} placeholder="Черновик (заполнить здесь) — или найдите спецификацию" />
      </div>
      {spec && <CostStaleNotice specId={spec.id} />}
      <details className={s.pick}>
        <summary>Сравнить с другими спецификациями{compare.length > 0 ? ` (${compare.length})` : ''}</summary>
        <div className={s.field}>
          <label htmlFor="cost-compare">Спецификации для сравнения</label>
          <SpecsPicker inputId="cost-compare" value={compare} onChange={onCompare} exclude={spec?.id} />
        </div>
      </details>
      {!spec && (
        <div onFocusCapture={wantNestable} onPointerDownCapture={wantNestable}>
          <SpecEditor value={draft} onChange={onDraft} errors={errors} specs={nestable} supplierPrices={supplierPrices} />
        </div>
      )}
    </section>
  );
}
