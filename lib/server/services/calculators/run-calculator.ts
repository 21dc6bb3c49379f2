import 'server-only';
import { CalcInputError, calculatorById } from '@/lib/domain/calculators';
import { calculatorInputs, type CalculatorId, runCalculatorSchema } from '@/lib/schemas/calculators';
import { issuesToFields } from '@/lib/schemas/envelope';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { accessTokenOf } from '../auth/require-user';
import { readRates } from './rates';
import { rememberRun } from './remember-run';
import { moscowToday } from '@/lib/domain/format/date';

const invalid = (fields: Record<string, string>) => new ServiceError('VALIDATION_ERROR', 'Проверьте введённые данные.', { fields });

/** Validates, loads the rates the calculator reads, runs it. Shared by the call and the benchmark. */
async function runCalculator(ctx: AppContext, id: string, rawInput: unknown, today = moscowToday()) {
  const calc = calculatorById(id);
  const schema = calculatorInputs[id as CalculatorId];
  if (!calc || !schema) throw new ServiceError('NOT_FOUND', 'Такого калькулятора нет.', { fields: { id: 'Такого калькулятора нет.' } });
  const parsed = await schema.safeParseAsync(rawInput);
  if (!parsed.success) {
    const fields = issuesToFields(parsed.error.issues);
    throw invalid(Object.fromEntries(Object.entries(fields).map(([k, v]) => [`input.${k === '_' ? '' : k}`.replace(/\.$/, ''), v])));
  }
  return readRates(ctx.db, calc.rates, (book) => {
    try {
      return { input: parsed.data as Record<string, unknown>, ...calc.run(parsed.data as never, book, today) };
    } catch (err) {
      if (err instanceof CalcInputError) throw invalid({ [`input.${err.field}`]: err.message });
      throw err;
    }
  });
}

/**
 * `calculators/run` `{id, input}` → `{result, steps, sources, input}`. `sources`: the law of the rule and the
 * official source of each dated rate used («Основание» under the steps). `input` is the normalized input
 * (decimal strings with a dot), handy for a link. A signed-in user's run goes to their recent runs (after the answer).
 */
export const runCalculatorCall = defineCall({
  input: runCalculatorSchema,
  handle: async ({ input, req, ctx }) => {
    const out = await runCalculator(ctx, input.id, input.input);
    const token = accessTokenOf(req);
    // The run goes to the user's recent runs after the answer (remember-run.ts).
    if (token) rememberRun(ctx, token, input.id, input.input);
    return { msg: 'Расчёт выполнен', id: input.id, result: out.result, steps: out.steps, sources: out.sources, input: out.input };
  },
});
