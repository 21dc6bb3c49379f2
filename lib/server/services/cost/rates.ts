import 'server-only';
import { sql } from 'drizzle-orm';
import type { CostRates } from '@/lib/domain/cost';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { ServiceError } from '../../errors';
import { formatIsoDate } from '@/lib/domain/format/date';

const KINDS = { vatGeneralPct: 'vat', vatUsn5Pct: 'vat_usn_5', vatUsn7Pct: 'vat_usn_7' } as const;
const TITLES: Record<string, string> = { vat: 'НДС, общая ставка', vat_usn_5: 'НДС для УСН 5 %', vat_usn_7: 'НДС для УСН 7 %' };

/** The VAT rates in force on `date` (YYYY-MM-DD) from the dated rate table. */
export async function costRatesOn(db: Db, date: string): Promise<CostRates> {
  const found = await rows<{ kind: string; value: unknown }>(
    db,
    sql`select distinct on (kind) kind, value from rates
         where kind in ('vat', 'vat_usn_5', 'vat_usn_7') and effective_from <= ${date}::date
         order by kind, effective_from desc`,
  );
  const byKind = new Map(found.map((r) => [r.kind, typeof r.value === 'string' ? r.value : String(r.value)]));
  const out = {} as CostRates;
  for (const [key, kind] of Object.entries(KINDS) as [keyof CostRates, string][]) {
    const v = byKind.get(kind);
    if (v === undefined) {
      throw new ServiceError('RATE_MISSING', `Нет ставки «${TITLES[kind]}» на ${formatIsoDate(date)}: добавьте её в таблицу ставок.`);
    }
    out[key] = v;
  }
  return out;
}

