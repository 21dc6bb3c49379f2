import 'server-only';
import { sql } from 'drizzle-orm';
import { countOf } from '@/lib/domain/format/plural';
import type { SearchSource } from '../source';

/** The caller's business processes («наборы процессов»; a process belongs to one user). */
export const businessProcessesSource: SearchSource = {
  kind: 'business-processes',
  label: 'Бизнес-процессы',
  forms: ['набор процессов', 'набора процессов', 'наборов процессов'],
  icon: 'pi pi-sitemap',
  rows: (m, userId) => {
    const tsv = sql`p.search_tsv`;
    const text = sql`search_norm(p.name)`;
    return sql`select p.id::text as id, p.name as title, jsonb_array_length(p.steps)::text as subtitle, '' as ref,
                      null::text as folder, ${m.rank(tsv, text)} as rank
                 from business_processes p
                where p.owner_id = ${userId} and ${m.hit(tsv, text)}`;
  },
  present: (row) => ({
    href: `/business-processes/${encodeURIComponent(row.id)}`,
    subtitle: countOf(Number(row.subtitle) || 0, ['шаг', 'шага', 'шагов']),
  }),
};
