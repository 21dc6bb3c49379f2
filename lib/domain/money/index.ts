// Exact money for the whole app: decimal.js with half-up rounding, wire parsing, Russian formatting.
export { Dec, dec, sum, min, max, ZERO, HUNDRED, type DecLike } from './decimal';
export { roundKop, roundRub, roundTo, toMoneyString, toFixedString } from './round';
export { parseDecimal, parseMoney } from './parse';
export { formatNumber, formatMoney, formatUnitPrice, formatPercent, formatDecimalText } from './format';
