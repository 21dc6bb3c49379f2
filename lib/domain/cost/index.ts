export * from './types';
export * from './errors';
export { calculateCost, vatRateFor, VAT_IN_COST, PARAM_DEFAULTS, NESTED_LINES_MAX, type CalculateOptions, type SpecResolver } from './engine';
export { priceByMarkup, priceByMargin, markupOf, marginOf, marginFromMarkup, markupFromMargin, vatOf, vatInside } from './engine/pricing';
export * from './process';
