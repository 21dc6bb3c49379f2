/**
 * What an empty parameter means when the rates do not say (the server always passes the contribution
 * tariff of the calculation date from the rate table; these figures serve pure callers such as tests and the
 * forms' placeholders).
 */
export const PARAM_DEFAULTS = { contributionsPct: '30', accidentPct: '0.2' } as const;
