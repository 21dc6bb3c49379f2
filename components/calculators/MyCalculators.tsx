'use client';

import Link from 'next/link';
import type { CustomCalculator } from './custom-api';
import { customMatches } from './catalog-search';
import s from './calculators.module.css';

/**
 * «Мои калькуляторы» in the catalog: the user's own calculators filtered by the catalog's search, and a
 * link to make one (always shown).
 */
export function MyCalculators({ calculators, query }: { calculators: CustomCalculator[]; query: string }) {
  const list = calculators.filter((c) => customMatches(c, query));
  return (
    <section className={s.group} aria-label="Мои калькуляторы">
      <h2>Мои калькуляторы</h2>
      <div className={s.tiles}>
        {list.map((c) => (
          <Link key={c.id} href={`/calculators/custom/${c.id}`} className={s.tile}>
            <strong>{c.name}</strong>
            <span className={s.muted}>{c.formulas.map((f) => f.label).join(', ')}</span>
          </Link>
        ))}
        <Link href="/calculators/custom/new" className={s.tile}>
          <strong>+ Свой калькулятор</strong>
          <span className={s.muted}>Свои поля и формулы: сохранить, поделиться ссылкой</span>
        </Link>
      </div>
    </section>
  );
}
