import { calcBreakEven, type BreakEvenInput } from './break-even';
import { calcContractPenalty, type ContractPenaltyInput } from './contract-penalty';
import { calcCourtFee } from './court-fee';
import { calcDepreciation, type DepreciationInput } from './depreciation';
import { calcEmployeeContributions, type EmployeeContributionsInput } from './employee-contributions';
import { calcInterest395, type Interest395Input } from './interest-395';
import { calcInvestment, type InvestmentInput } from './investment';
import { calcIpContributions, type IpContributionsInput } from './ip-contributions';
import { calcLeasing, type LeasingInput } from './leasing';
import { calcLoan, type LoanInput } from './loan';
import { calcMarkup, type MarkupInput } from './markup';
import { CALCULATOR_BASIS, sourcesOf } from './basis';
import { type RateBook, type RateKind, rateOn, recordingReads } from './rates';
import { calcSalary, type SalaryInput } from './salary';
import { calcSalaryDelay, type SalaryDelayInput } from './salary-delay';
import { calcSickLeave, type SickLeaveInput } from './sick-leave';
import { calcTaxPenalty, type TaxPenaltyInput } from './tax-penalty';
import type { CalcAnswer, CalcOutput } from './types';
import { calcUsn, type UsnInput } from './usn';
import { calcVacation, type VacationInput } from './vacation';
import { calcVacationCompensation, type VacationCompensationInput } from './vacation-compensation';
import { calcVat } from './vat';
import { CALCULATOR_META, type CalculatorMeta } from './meta';


type Opt<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
const monthOf = (today: string) => today.slice(0, 7);
const yearOfToday = (today: string) => Number(today.slice(0, 4));

/** One calculator: what the catalog shows, which rate tables it reads, the law of its rule, and how it runs. */
export interface CalculatorDef<I = never> extends CalculatorMeta {
  rates: RateKind[];
  /** The law behind the rule (basis.ts); the answer's `sources` add the sources of the rate rows read. */
  basis: readonly string[];
  /** `today` (YYYY-MM-DD, Moscow) fills the date-dependent defaults. */
  run(input: I, book: RateBook, today: string): CalcAnswer<object>;
}

interface Body<I> {
  id: string;
  rates: RateKind[];
  run(input: I, book: RateBook, today: string): CalcOutput<object>;
}
const def = <I,>(d: Body<I>): CalculatorDef<unknown> => {
  const meta = CALCULATOR_META.find((m) => m.id === d.id);
  if (!meta) throw new Error(`calculator ${d.id} has no catalog entry`);
  const basis = CALCULATOR_BASIS[d.id];
  if (!basis?.length) throw new Error(`calculator ${d.id} has no basis`);
  return {
    ...meta,
    rates: d.rates,
    basis,
    run: (input, book, today) => {
      // The rows the calculation reads are its rates' sources.
      const recording = recordingReads(book);
      const out = d.run(input as I, recording.book, today);
      return { ...out, sources: sourcesOf(basis, recording.reads()) };
    },
  };
};

/** The catalog of the 19 calculators, in the order the catalog page shows them. */
export const CALCULATORS: readonly CalculatorDef<unknown>[] = [
  def<{ amount: string; ratePct?: string; mode: 'add' | 'extract'; date?: string }>({
    id: 'vat',
    rates: ['vat'],
    run: (i, book, today) => calcVat({ ...i, ratePct: i.ratePct ?? rateOn(book, 'vat', i.date ?? today) }),
  }),
  def<Opt<UsnInput, 'year'>>({
    id: 'usn',
    rates: [
      'usn_income_rate',
      'usn_income_expenses_rate',
      'usn_minimum_rate',
      'usn_contribution_limits',
      'usn_payment_terms',
      'ip_fixed_contribution',
      'ip_additional_cap',
      'ip_additional_threshold',
      'ip_additional_rate',
    ],
    run: (i, book, today) => calcUsn({ ...i, year: i.year ?? yearOfToday(today) }, book),
  }),
  def<TaxPenaltyInput>({
    id: 'tax-penalty',
    rates: ['key_rate', 'refinancing_rate', 'penalty_fractions'],
    run: (i, book) => calcTaxPenalty(i, book),
  }),
  def<Opt<IpContributionsInput, 'year'>>({
    id: 'ip-contributions',
    rates: ['ip_fixed_contribution', 'ip_additional_cap', 'ip_additional_threshold', 'ip_additional_rate'],
    run: (i, book, today) => calcIpContributions({ ...i, year: i.year ?? yearOfToday(today) }, book),
  }),
  def<Opt<SalaryInput, 'month'>>({
    id: 'salary',
    rates: ['ndfl_scale', 'contribution_tariffs', 'insurance_base_cap', 'mrot', 'ndfl_child_deductions'],
    run: (i, book, today) => calcSalary({ ...i, month: i.month ?? monthOf(today) }, book),
  }),
  def<Opt<VacationInput, 'date'>>({
    id: 'vacation',
    rates: ['ndfl_scale', 'vacation_average_days'],
    run: (i, book, today) => calcVacation({ ...i, date: i.date ?? today }, book),
  }),
  def<VacationCompensationInput>({
    id: 'vacation-compensation',
    rates: [],
    run: (i) => calcVacationCompensation(i),
  }),
  def<SickLeaveInput>({
    id: 'sick-leave',
    rates: ['insurance_base_cap', 'mrot', 'sick_leave_rules'],
    run: (i, book) => calcSickLeave(i, book),
  }),
  def<SalaryDelayInput>({
    id: 'salary-delay',
    rates: ['key_rate', 'refinancing_rate', 'salary_delay_denominator'],
    run: (i, book) => calcSalaryDelay(i, book),
  }),
  def<Opt<EmployeeContributionsInput, 'month'>>({
    id: 'employee-contributions',
    rates: ['contribution_tariffs', 'insurance_base_cap', 'mrot'],
    run: (i, book, today) => calcEmployeeContributions({ ...i, month: i.month ?? monthOf(today) }, book),
  }),
  def<LoanInput>({
    id: 'loan',
    rates: [],
    run: (i) => calcLoan(i),
  }),
  def<Opt<LeasingInput, 'vatPct'> & { date?: string }>({
    id: 'leasing',
    rates: ['vat'],
    run: (i, book, today) => calcLeasing({ ...i, vatPct: i.vatPct ?? rateOn(book, 'vat', i.date ?? today) }),
  }),
  def<InvestmentInput>({
    id: 'investment',
    rates: [],
    run: (i) => calcInvestment(i),
  }),
  def<Interest395Input>({
    id: 'interest-395',
    rates: ['key_rate', 'refinancing_rate', 'interest_395_rules'],
    run: (i, book) => calcInterest395(i, book),
  }),
  def<ContractPenaltyInput>({
    id: 'contract-penalty',
    rates: ['key_rate'],
    run: (i, book) => calcContractPenalty(i, book),
  }),
  def<{ claim: string; date?: string }>({
    id: 'court-fee',
    rates: ['court_fee_arbitration'],
    run: (i, book, today) => calcCourtFee({ claim: i.claim, date: i.date ?? today }, book),
  }),
  def<MarkupInput>({
    id: 'markup',
    rates: [],
    run: (i) => calcMarkup(i),
  }),
  def<BreakEvenInput>({
    id: 'break-even',
    rates: [],
    run: (i) => calcBreakEven(i),
  }),
  def<DepreciationInput>({
    id: 'depreciation',
    rates: [],
    run: (i) => calcDepreciation(i),
  }),
];

export const calculatorById = (id: string): CalculatorDef<unknown> | undefined => CALCULATORS.find((c) => c.id === id);
