'use client';

import type { Dispatch, SetStateAction } from 'react';
import type { SpecDocument } from '@/lib/domain/cost';
import { SpecEditor } from '@/components/specifications/SpecEditor';
import type { StoredSpec } from '@/components/specifications/api';
import { CostStaleNotice } from './CostStaleNotice';
import s from './cost.module.css';

/** The value of «Черновик» in the specification picker. */
export const DRAFT = '';

/**
 * What is calculated: a stored specification (with its staleness notice) or a draft edited here, and the other
 * specifications to compare with.
 */
export function CostSpecSection({
  specs,
  specId,
  onSpecId,
  compareIds,
  onCompareIds,
  draft,
  onDraft,
  errors,
}: {
  specs: StoredSpec[];
  specId: string;
  onSpecId: (id: string) => void;
  compareIds: string[];
  onCompareIds: (ids: string[]) => void;
  draft: SpecDocument;
  onDraft: Dispatch<SetStateAction<SpecDocument>>;
  /** The draft's field errors from the last calculation (`spec.` stripped). */
  errors: Record<string, string>;
}) {
  return (
    <section className={s.card}>
      <label className={s.field}>
        Спецификация
        <select aria-label="Спецификация" className={s.select} value={specId} onChange={(e) => onSpecId(e.target.value)}>
          <option value={DRAFT}>Черновик (заполнить здесь)</option>
          {specs.map((sp) => (
            <option key={sp.id} value={sp.id}>
              {sp.name}
            </option>
          ))}
        </select>
      </label>
      {specId !== DRAFT && <CostStaleNotice specId={specId} />}
      {specs.length > 0 && (
        <details className={s.pick}>
          <summary>Сравнить с другими спецификациями{compareIds.length > 0 ? ` (${compareIds.length})` : ''}</summary>
          <div className={s.pickList}>
            {specs
              .filter((sp) => sp.id !== specId)
              .map((sp) => (
                <label key={sp.id} className={s.check}>
                  <input
                    type="checkbox"
                    checked={compareIds.includes(sp.id)}
                    onChange={(e) => onCompareIds(e.target.checked ? [...compareIds, sp.id] : compareIds.filter((x) => x !== sp.id))}
                  />
                  {sp.name}
                </label>
              ))}
          </div>
        </details>
      )}
      {specId === DRAFT && <SpecEditor value={draft} onChange={onDraft} errors={errors} specs={specs} />}
    </section>
  );
}
