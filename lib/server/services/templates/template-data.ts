import 'server-only';
import { and, eq } from 'drizzle-orm';
import { companyData, costData, invoiceTotals, itemsFromCost } from '@/lib/domain/docx/data';
import { date, type TemplateData } from '@/lib/domain/docx/values';
import type { CompanyTaxRegime } from '@/lib/domain/requisites/company';
import { regimeVatPctOn, VAT_RATE_KINDS } from '@/lib/domain/tax-regimes';
import { issuesToFields } from '@/lib/schemas/envelope';
import type { TemplateSources } from '@/lib/schemas/templates';
import type { AppContext } from '../../context';
import { findCompany } from '../../db/queries/companies';
import { costScenarios } from '../../db/schema';
import { ServiceError } from '../../errors';
import { calculateInputSchema, runCalculation } from '../cost/calculate-cost';
import { readRates } from '../calculators/rates';
import { moscowToday } from '@/lib/domain/format/date';

export interface SourceData {
  data: TemplateData;
  /** The VAT rate invoice totals use: the калькуляция's, else the own company's regime; null = без НДС. */
  vatRatePct: string | null;
}

const wrongSource = (field: string, msg: string) => new ServiceError('VALIDATION_ERROR', msg, { fields: { [field]: msg } });

/**
 * The values the chosen sources give a template: `doc` (today's date), `company` (an own company),
 * `counterparty`, `cost` (a saved scenario or a specification calculated with the company's defaults),
 * one invoice row per калькуляция in `items`, and `totals`.
 */
export async function sourceData(ctx: AppContext, userId: string, s: TemplateSources): Promise<SourceData> {
  const today = moscowToday();
  const data: TemplateData = { doc: { number: '', date: date(today), basis: '' } };
  let vatRatePct: string | null = null;
  /** The regime's VAT % today from the dated rate rows; null = без НДС. */
  const vatPct = (regime: CompanyTaxRegime) => readRates(ctx.db, VAT_RATE_KINDS, (book) => regimeVatPctOn(regime, book, today));

  if (s.companyId) {
    const c = await findCompany(ctx.db, userId, s.companyId);
    if (!c) throw new ServiceError('NOT_FOUND', 'Компания не найдена — возможно, её удалили.');
    if (!c.isOwn) throw wrongSource('companyId', 'Это контрагент: выберите свою компанию.');
    vatRatePct = await vatPct(c.taxRegime);
    data.company = companyData(c, vatRatePct ?? undefined);
  }
  if (s.counterpartyId) {
    const c = await findCompany(ctx.db, userId, s.counterpartyId);
    if (!c) throw new ServiceError('NOT_FOUND', 'Контрагент не найден — возможно, его удалили.');
    data.counterparty = companyData(c, (await vatPct(c.taxRegime)) ?? undefined);
  }

  let calc: unknown = null;
  if (s.scenarioId) {
    const [row] = await ctx.db.select().from(costScenarios).where(and(eq(costScenarios.id, s.scenarioId), eq(costScenarios.userId, userId)));
    if (!row) throw new ServiceError('NOT_FOUND', 'Сценарий калькуляции не найден.');
    calc = { spec: row.specId ? { specId: row.specId } : row.spec, params: row.params, companyId: s.companyId };
  } else if (s.specId) calc = { spec: { specId: s.specId }, companyId: s.companyId };
  if (calc) {
    const parsed = calculateInputSchema.safeParse(calc);
    if (!parsed.success) {
      throw new ServiceError('VALIDATION_ERROR', 'Сценарий калькуляции заполнен с ошибками: откройте его на странице «Себестоимость».', {
        fields: issuesToFields(parsed.error.issues),
      });
    }
    const { result } = await runCalculation(ctx, userId, parsed.data);
    data.cost = costData(result);
    data.items = itemsFromCost(result);
    vatRatePct = result.vatRatePct;
  }
  const { items, totals } = invoiceTotals((data.items as TemplateData[] | undefined) ?? [], vatRatePct);
  data.items = items;
  data.totals = totals;
  return { data, vatRatePct };
}
