/** The forms of the «Производство» calculators. */

import type { CalculatorForm } from './types';

export const PRODUCTION_FORMS: Record<string, CalculatorForm> = {
  markup: {
    fields: [
      { name: 'cost', label: 'Себестоимость (без НДС), ₽', kind: 'money' },
      { name: 'by', label: 'Что известно', kind: 'select', initial: 'markupPct', options: [
        { value: 'markupPct', label: 'Наценка, %' },
        { value: 'marginPct', label: 'Маржа, %' },
        { value: 'price', label: 'Цена, ₽' },
      ] },
      { name: 'markupPct', label: 'Наценка, %', kind: 'percent', when: (v) => v.by === 'markupPct' },
      { name: 'marginPct', label: 'Маржа, %', kind: 'percent', when: (v) => v.by === 'marginPct' },
      { name: 'price', label: 'Цена (без НДС), ₽', kind: 'money', when: (v) => v.by === 'price' },
    ],
    toInput: (v) => ({ cost: v.cost, [v.by || 'markupPct']: v[v.by || 'markupPct'] }),
    outputs: [
      { key: 'price', label: 'Цена', kind: 'money' },
      { key: 'profit', label: 'Прибыль с единицы', kind: 'money' },
      { key: 'markupPct', label: 'Наценка', kind: 'percent' },
      { key: 'marginPct', label: 'Маржа', kind: 'percent' },
    ],
  },
  'break-even': {
    fields: [
      { name: 'fixedCosts', label: 'Постоянные затраты за период, ₽', kind: 'money' },
      { name: 'price', label: 'Цена единицы, ₽', kind: 'money' },
      { name: 'variableCost', label: 'Переменные затраты на единицу, ₽', kind: 'money' },
      { name: 'plannedQty', label: 'Плановый объём, шт (необязательно)', kind: 'number' },
    ],
    outputs: [
      { key: 'qty', label: 'Точка безубыточности, шт', kind: 'qty' },
      { key: 'revenue', label: 'Выручка безубыточности', kind: 'money' },
      { key: 'contributionMargin', label: 'Маржинальный доход на единицу', kind: 'money' },
      { key: 'safetyMarginPct', label: 'Запас финансовой прочности', kind: 'percent' },
    ],
  },
  depreciation: {
    fields: [
      { name: 'cost', label: 'Первоначальная стоимость, ₽', kind: 'money' },
      { name: 'usefulLifeMonths', label: 'Срок полезного использования, месяцев', kind: 'int' },
      { name: 'method', label: 'Способ', kind: 'select', initial: 'straight', options: [
        { value: 'straight', label: 'Линейный' },
        { value: 'declining', label: 'Уменьшаемого остатка' },
      ] },
      { name: 'factor', label: 'Коэффициент ускорения', kind: 'number', initial: '2', when: (v) => v.method === 'declining' },
    ],
    outputs: [{ key: 'monthly', label: 'Амортизация в месяц', kind: 'money' }],
  },
};
