export { priceOnDate, supplierPricesOn, netKop, netPrice, changePct, kopToRub, rubToKop, type PriceCandidate, type PriceChoice } from './price-on-date';
export { vatBasisOf, lineVatOf, vatBasisText, sameVatBasis, priceChange, type VatBasis, type BasedPrice } from './vat-basis';
export { sheetAreaM2, sheetsToArea, areaToSheets } from './sheet';
export { buildMatcher, createMatcher, normalizeName, normalizeArticle, trigrams, similarity, UNCERTAIN_MIN, type Match, type MatchTarget } from './matcher';
export { ITEM_TYPES, ITEM_TYPE_TITLES, readItemType, type ItemType } from './item-type';
