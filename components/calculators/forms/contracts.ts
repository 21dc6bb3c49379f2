/** The forms of the «Договоры и суды» calculators. */

import { parseRuDate } from '@/lib/domain/format/date';
import { PAYMENTS_FIELD, PERIOD_OUTPUTS } from './shared';
import type { CalculatorForm } from './types';

export const CONTRACTS_FORMS: Record<string, CalculatorForm> = {
  'interest-395': {
    fields: [
      { name: 'debt', label: 'Сумма долга, ₽', kind: 'money' },
      { name: 'from', label: 'Начало периода (включительно)', kind: 'date' },
      { name: 'to', label: 'Конец периода (включительно)', kind: 'date' },
      PAYMENTS_FIELD,
    ],
    outputs: PERIOD_OUTPUTS,
  },
  'contract-penalty': {
    fields: [
      { name: 'amount', label: 'Сумма обязательства, ₽', kind: 'money' },
      { name: 'from', label: 'Начало просрочки (включительно)', kind: 'date' },
      { name: 'to', label: 'Конец просрочки (включительно)', kind: 'date' },
      { name: 'by', label: 'Размер неустойки', kind: 'select', initial: 'pctPerDay', options: [
        { value: 'pctPerDay', label: 'Процент в день' },
        { value: 'keyRateFraction', label: 'Доля ключевой ставки' },
      ] },
      { name: 'pctPerDay', label: 'Процент в день', kind: 'percent', initial: '0,1', when: (v) => v.by !== 'keyRateFraction' },
      { name: 'keyRateFraction', label: 'Доля ключевой ставки', kind: 'text', initial: '1/300', when: (v) => v.by === 'keyRateFraction' },
      { name: 'capPct', label: 'Ограничение, % от суммы (необязательно)', kind: 'percent' },
    ],
    toInput: (v) => {
      const by = v.by === 'keyRateFraction' ? 'keyRateFraction' : 'pctPerDay';
      return { amount: v.amount, from: parseRuDate(v.from ?? '') ?? v.from, to: parseRuDate(v.to ?? '') ?? v.to, [by]: v[by], capPct: v.capPct || undefined };
    },
    outputs: PERIOD_OUTPUTS,
  },
  'court-fee': {
    fields: [{ name: 'claim', label: 'Цена иска, ₽', kind: 'money' }],
    outputs: [{ key: 'fee', label: 'Госпошлина', kind: 'money' }],
  },
};
