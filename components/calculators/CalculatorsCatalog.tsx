'use client';

import Link from 'next/link';
import { InputText } from 'primereact/inputtext';
import { useMemo, useState } from 'react';
import { CALC_GROUPS, CALCULATOR_META } from '@/lib/domain/calculators/meta';
import { useLoad } from '@/lib/client/use-load';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { builtinMatches, customMatches } from './catalog-search';
import { customApi, type CustomCalculator } from './custom-api';
import { MyCalculators } from './MyCalculators';
import s from './calculators.module.css';

const NO_CUSTOM: CustomCalculator[] = [];

/**
 * `/calculators`: the 19 calculators grouped and the user's own ones, one search over both (titles and
 * descriptions; the own ones by name, field and formula labels).
 */
export function CalculatorsCatalog() {
  const [query, setQuery] = useState('');
  const custom = useLoad(() => customApi.list(), []).data ?? NO_CUSTOM;
  const groups = useMemo(() => {
    const found = CALCULATOR_META.filter((c) => builtinMatches(c, query));
    return CALC_GROUPS.map((g) => ({ group: g, items: found.filter((c) => c.group === g) })).filter((g) => g.items.length > 0);
  }, [query]);
  const nothing = groups.length === 0 && !custom.some((c) => customMatches(c, query));

  return (
    <div className={s.page}>
      <PageBreadcrumb items={['Калькуляторы']} />
      <h1>Калькуляторы</h1>
      <InputText
        className={s.search}
        type="search"
        aria-label="Поиск калькулятора"
        placeholder="Найти: НДС, отпускные, пени…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <p className={s.muted}>
        Ставки берутся из <Link href="/calculators/rates">таблиц ставок</Link> на дату расчёта.
      </p>
      {nothing ? <p className={s.muted}>Ничего не найдено. Попробуйте другое слово.</p> : null}
      {groups.map(({ group, items }) => (
        <section key={group} className={s.group} aria-label={group}>
          <h2>{group}</h2>
          <div className={s.tiles}>
            {items.map((c) => (
              <Link key={c.id} href={`/calculators/${c.id}`} className={s.tile}>
                <strong>{c.title}</strong>
                <span className={s.muted}>{c.description}</span>
              </Link>
            ))}
          </div>
        </section>
      ))}
      <MyCalculators calculators={custom} query={query} />
    </div>
  );
}
