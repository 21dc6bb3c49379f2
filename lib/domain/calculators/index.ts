// The 19 calculators: pure functions over exact decimals and dated rate tables.
export { CALCULATORS, calculatorById, type CalculatorDef } from './catalog';
export { CALC_GROUPS, CALCULATOR_META, calculatorMetaById, type CalcGroup, type CalculatorMeta } from './meta';
export { CalcInputError, type CalcOutput, type Step } from './types';
export { RATE_KINDS, RateMissingError, rateOn, type RateBook, type RateKind, type RateRow } from './rates';
