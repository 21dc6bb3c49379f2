'use client';

import { useState } from 'react';
import type { CostLine, CostResult, NestedResult } from '@/lib/domain/cost';
import s from './cost.module.css';

/** What a line of a semi-finished good opens: by статьи — its lines of the same статья; as one line — all of them. */
function childLines(line: CostLine, nested: NestedResult | undefined): CostLine[] | null {
  if (!nested?.lines) return null;
  return line.sourceId ? nested.lines.filter((l) => l.article === line.article) : nested.lines;
}

/** Lines of a формула, each with its own; a line of a semi-finished good opens its breakdown (any depth). */
export function LineList({ lines, result, depth = 0 }: { lines: CostLine[]; result: CostResult; depth?: number }) {
  const [open, setOpen] = useState<string | null>(null);
  if (lines.length === 0) return null;
  return (
    <ul className={depth > 0 ? s.nestedLines : undefined}>
      {lines.map((l) => {
        const nested = l.specId ? result.nested.find((n) => n.specId === l.specId) : undefined;
        const children = depth < 12 ? childLines(l, nested) : null;
        const key = `${l.article}.${l.id}`;
        return (
          <li key={key}>
            {l.name}: {l.formula}
            {nested && children && children.length > 0 && (
              <>
                {' '}
                <button type="button" className={s.link} aria-expanded={open === key} onClick={() => setOpen(open === key ? null : key)}>
                  {open === key ? 'скрыть' : `расчёт «${nested.name}»`}
                </button>
                {open === key && (
                  <div className={s.nestedBox}>
                    <div className={s.muted}>
                      «{nested.name}» на выпуск {nested.outputQty.replace('.', ',')} {nested.unit}
                      {l.sourceId ? `, статья ${l.article}` : ', производственная себестоимость'}:
                    </div>
                    <LineList lines={children} result={result} depth={depth + 1} />
                  </div>
                )}
              </>
            )}
            {nested && !nested.lines && <span className={s.muted}> (строк полуфабриката слишком много для расшифровки — откройте его спецификацию)</span>}
          </li>
        );
      })}
    </ul>
  );
}
