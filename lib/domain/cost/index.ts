export * from './types';
export * from './errors';
export { calculateCost, VAT_IN_COST, PARAM_DEFAULTS } from './engine';
export { priceByMarkup, priceByMargin, marginFromMarkup, markupFromMargin, vatOf, vatInside } from './engine/pricing';
