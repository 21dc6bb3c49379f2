// The 19 calculators: pure functions over exact decimals and dated rate tables.
export { CALCULATORS, calculatorById } from './catalog';
export { CALC_GROUPS } from './meta';
export { CalcInputError } from './types';
export { RATE_KINDS, RateMissingError, rateOn, type RateBook, type RateKind } from './rates';
