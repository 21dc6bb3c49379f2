'use client';

import { countOf, ROWS } from '@/lib/domain/format/plural';
import Link from 'next/link';
import { useLoad } from '@/lib/client/use-load';
import { specsApi } from './api';
import s from './spec-editor.module.css';

/** «Где используется»: the specifications that take this one as a semi-finished good. */
export function SpecWhereUsed({ specId }: { specId: string }) {
  const load = useLoad(() => specsApi.whereUsed(specId), [specId]);
  const list = load.data?.specs ?? null;
  const error = load.error;
  return (
    <details className={s.panel}>
      <summary>Где используется{list ? ` (${list.length})` : ''}</summary>
      {error && <p className="p-error">{error}</p>}
      {list && list.length === 0 && <p>Эта спецификация не входит в другие как полуфабрикат.</p>}
      {list && list.length > 0 && (
        <ul aria-label="Где используется">
          {list.map((x) => (
            <li key={x.id}>
              <Link href={`/specifications/create/${x.id}`}>{x.name}</Link>
              {x.lines > 1 ? ` — ${countOf(x.lines, ROWS)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
