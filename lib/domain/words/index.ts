// Numbers and dates in words for printed documents.
export { amountInWords, integerInWords, plural } from './amount-in-words';
export { dateInWords, dateWithMonthName, yearOrdinalGenitive } from './date-in-words';
