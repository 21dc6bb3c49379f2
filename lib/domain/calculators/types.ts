/** One line of the worked solution: what is computed, the formula with the numbers put in, the answer. */
export interface Step {
  label: string;
  formula: string;
  value: string;
}

/** A calculator's answer: named outputs (money as decimal strings with two decimals) and the steps. */
export interface CalcOutput<R extends object = object> {
  result: R;
  steps: Step[];
}

/**
 * A catalog calculator's answer: the outputs and steps, and what they stand on — the law of the rule, then the
 * official source of each dated rate read (a Банк России decision, a law and its article, a decree).
 */
export interface CalcAnswer<R extends object = object> extends CalcOutput<R> {
  sources: string[];
}

/**
 * A fact a calculator cannot accept (debt period upside down, price below variable cost…).
 * `field` is the input path (`to`, `cashFlows.2`); the message is Russian and fit for the form.
 */
export class CalcInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'CalcInputError';
    this.field = field;
  }
}
