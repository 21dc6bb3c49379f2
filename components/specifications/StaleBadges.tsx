'use client';

import { Tag } from 'primereact/tag';
import { formatDateTime } from '@/lib/domain/format/date';
import type { SpecStatus } from './api';

/** Why a specification needs recalculation, in one sentence (the badges' hint). */
export function staleHint(status: Pick<SpecStatus, 'nested' | 'processSet' | 'items'>): string {
  const parts: string[] = [];
  if (status.items.length > 0) {
    parts.push(`после расчёта изменены цены: ${status.items.map((i) => `«${i.name}» (${formatDateTime(new Date(i.changedAt))})`).join(', ')}`);
  }
  if (status.nested.length > 0) {
    parts.push(`после расчёта изменены ${status.nested.map((n) => `«${n.name}» (${formatDateTime(new Date(n.updatedAt))})`).join(', ')}`);
  }
  if (status.processSet) parts.push(`набор процессов «${status.processSet.name}» изменён ${formatDateTime(new Date(status.processSet.updatedAt))}`);
  return parts.length ? `${parts.join('; ')}.`.replace(/^./, (c) => c.toUpperCase()) : '';
}

/**
 * «цены устарели» (a nested specification or the catalogue price of an item it uses changed after this one was calculated) and «требует пересчёта»
 * (its business-process set changed); nothing when the specification is up to date.
 */
export function StaleBadges({ status }: { status: Pick<SpecStatus, 'stale' | 'nested' | 'processSet' | 'items'> | null | undefined }) {
  if (!status?.stale) return null;
  const hint = staleHint(status);
  return (
    <span style={{ display: 'inline-flex', gap: '0.25rem', flexWrap: 'wrap' }} title={hint} data-testid="stale-badges">
      {(status.nested.length > 0 || status.items.length > 0) && <Tag value="цены устарели" severity="warning" />}
      {status.processSet && <Tag value="требует пересчёта" severity="warning" />}
    </span>
  );
}
