'use client';

import Link from 'next/link';
import { useLoad } from '@/lib/client/use-load';
import { specsApi } from '@/components/specifications/api';
import { StaleBadges, staleHint } from '@/components/specifications/StaleBadges';

/**
 * On /cost, under the chosen specification: the same badges as in the list and the editor when it is out of
 * date, with the reason and where to recalculate it (the editor's «Пересчитать» saves the whole chain).
 */
export function CostStaleNotice({ specId }: { specId: string }) {
  const load = useLoad(() => specsApi.status(specId), [specId]);
  const status = load.data ? { id: specId, value: load.data } : null;
  if (!status || status.id !== specId || !status.value.stale) return null;
  return (
    <div role="status" className="p-message p-message-warn" style={{ padding: '0.5rem 0.75rem', display: 'flex', flexDirection: 'column', gap: '0.25rem' }} data-testid="cost-stale">
      <StaleBadges status={status.value} />
      <span>
        {staleHint(status.value)} Расчёт ниже идёт по текущим данным вложенных спецификаций и набора; сохранённая спецификация отстаёт от них —{' '}
        <Link href={`/specifications/create/${encodeURIComponent(specId)}`}>откройте её и нажмите «Пересчитать»</Link>.
      </span>
    </div>
  );
}
