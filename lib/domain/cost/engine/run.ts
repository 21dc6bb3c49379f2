import type { Fixed, Ratio } from './fixed';
import type { Dec } from '@/lib/domain/cost/num';
import { invalid, optDec } from '@/lib/domain/cost/parse';
import type { ArticleNo, CostLine, OverheadBase, SemiFinishedMethod, SpecDocument } from '@/lib/domain/cost/types';

/** Finds a nested specification by id (from the `specs` map or storage); undefined = not found. */
export type SpecResolver = (specId: string) => SpecDocument | undefined;

export type DirectArticles = Record<'1' | '2' | '3' | '4' | '5' | '6' | '7' | '9', Dec>;
export type Articles = Record<ArticleNo, Dec>;

/** Статьи 1–7 and 9 of one specification for its outputQty, with its machine hours. */
export interface DirectPart {
  art: DirectArticles;
  /** Machine hours, exact (a nested specification's share may be a fraction). */
  machineHours: Ratio;
  /** 1 − 2 + 3 + 4 + 5 + 6 + 7 */
  direct: Dec;
  lines: CostLine[];
}

/** An overhead pool with its value parsed: a percentage (`wages`, `direct`) or a rate per машино-час. */
export interface ResolvedPool {
  base: OverheadBase;
  value: Dec;
}

/** The parameters of статьи 8 and 10–13, parsed once. */
export interface OverheadParams {
  preparationPct: Dec;
  shop: ResolvedPool | null;
  general: ResolvedPool | null;
  defectsPct: Dec;
  otherPct: Dec;
  directCosting: boolean;
}

/** A nested specification calculated once per калькуляция (memo by id). */
export interface NestedCalc {
  specId: string;
  name: string;
  unit: string;
  outputQty: Dec;
  part: DirectPart;
  /** Статьи 1–13 for its outputQty (14 stays zero). */
  articles: Articles;
  directCost: Dec;
  workshopCost: Dec;
  productionCost: Dec;
  unitDirect: Dec;
  unitProduction: Dec;
  /** Its lines (статьи 1–13), or null when the answer would grow too large. */
  lines: CostLine[] | null;
}

export interface Run {
  resolve: SpecResolver;
  method: SemiFinishedMethod;
  additionalWagePct: Dec;
  contributionsPct: Dec;
  accidentPct: Dec;
  purchaseVatPct: Dec;
  vatInCost: boolean;
  /** purchaseVatPct as a fixed-point value. */
  purchaseVatFixed: Fixed;
  over: OverheadParams;
  /** specId → its calculation, computed once. */
  memo: Map<string, NestedCalc>;
  names: Map<string, string>;
  /** Specification ids being computed (for cycle detection). */
  stack: string[];
  /** How many more lines of nested specifications the answer may carry. */
  nestedLineBudget: number;
  /** A nested specification's calculation (set up by the engine; recursion goes through here). */
  nestedOf: (specId: string, field: string) => NestedCalc;
}

export function nonNegative(d: Dec, field: string, label: string): Dec {
  if (d.isNegative()) throw invalid(field, `${label}: значение не может быть отрицательным.`);
  return d;
}

export function positive(d: Dec, field: string, label: string): Dec {
  if (!d.greaterThan(0)) throw invalid(field, `${label}: значение должно быть больше нуля.`);
  return d;
}

export function outputQtyOf(spec: SpecDocument, prefix: string): Dec {
  return positive(optDec(spec.outputQty, `${prefix}outputQty`, '1', 'Выпуск'), `${prefix}outputQty`, 'Выпуск');
}

export const specLabel = (run: Run, id: string) => `«${run.names.get(id) ?? id}»`;

export const ARTICLE_OF = { materials: '1', purchased: '3', energy: '4' } as const;
