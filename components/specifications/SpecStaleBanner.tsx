'use client';

import { useState } from 'react';
import { formatDate } from '@/lib/domain/format/date';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { specsApi } from './api';

/**
 * «Цены устарели» (a nested specification changed after this one was calculated) and «Требует пересчёта»
 * (its business-process set changed): the reasons and a bottom-up «Пересчитать» that saves the chain.
 * `stamp` changes after each save, so the status is read again.
 */
export function SpecStaleBanner({ specId, stamp, dirty, onRecalculated }: { specId: string; stamp: number | undefined; dirty: boolean; onRecalculated: () => void }) {
  // The banner stays while a save's status is read again, and goes when the status cannot be read.
  const load = useLoad(() => specsApi.status(specId), [specId, stamp], { keep: true });
  const status = load.error ? undefined : load.data;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!status?.stale) return null;

  const recalc = async () => {
    setBusy(true);
    setError(null);
    try {
      await specsApi.recalculate(specId);
      load.reload();
      onRecalculated();
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="status" className="p-message p-message-warn" style={{ padding: '0.75rem', display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
      {status.nested.length > 0 && (
        <span>
          <b>Цены устарели:</b> после расчёта изменены {status.nested.map((n) => `«${n.name}» (${formatDate(new Date(n.updatedAt))})`).join(', ')}.
        </span>
      )}
      {status.items.length > 0 && (
        <span>
          <b>Цены устарели:</b> после расчёта изменены цены номенклатуры: {status.items.map((i) => `«${i.name}» (${formatDate(new Date(i.changedAt))})`).join(', ')}.
        </span>
      )}
      {status.processSet && (
        <span>
          <b>Требует пересчёта:</b> набор процессов «{status.processSet.name}» изменён {formatDate(new Date(status.processSet.updatedAt))}.
        </span>
      )}
      {error && <span className="p-error">{error}</span>}
      <span>
        <button type="button" className="p-button p-button-sm" disabled={busy || dirty} title={dirty ? 'Сначала сохраните изменения' : undefined} onClick={recalc}>
          Пересчитать
        </button>
      </span>
    </div>
  );
}
