/** The forms of the «Налоги» calculators. */

import { PAYMENTS_FIELD, PERIOD_OUTPUTS, YES_NO, ownContributionsHint, splitList, vatRateField, visibleInput } from './shared';
import type { CalculatorForm } from './types';

export const TAXES_FORMS: Record<string, CalculatorForm> = {
  vat: {
    fields: [
      { name: 'amount', label: 'Сумма, ₽', kind: 'money' },
      { name: 'mode', label: 'Действие', kind: 'select', initial: 'add', options: [
        { value: 'add', label: 'Начислить НДС (сумма без НДС)' },
        { value: 'extract', label: 'Выделить НДС (сумма с НДС)' },
      ] },
      { name: 'ratePct', label: 'Ставка НДС, %', kind: 'select', ...vatRateField },
    ],
    outputs: [
      { key: 'net', label: 'Сумма без НДС', kind: 'money' },
      { key: 'vat', label: 'НДС', kind: 'money' },
      { key: 'gross', label: 'Сумма с НДС', kind: 'money' },
    ],
  },
  usn: {
    fields: [
      { name: 'object', label: 'Объект налогообложения', kind: 'select', initial: 'income', options: [
        { value: 'income', label: 'Доходы (6 %)' },
        { value: 'income-expenses', label: 'Доходы минус расходы (15 %)' },
      ] },
      { name: 'year', label: 'Год', kind: 'int' },
      { name: 'by', label: 'Расчёт', kind: 'select', initial: 'year', options: [
        { value: 'year', label: 'За год одной суммой' },
        { value: 'quarters', label: 'По кварталам: авансовые платежи' },
      ] },
      { name: 'income', label: 'Доходы за год, ₽', kind: 'money', when: (v) => v.by !== 'quarters' },
      { name: 'expenses', label: 'Расходы за год, ₽', kind: 'money', when: (v) => v.by !== 'quarters' && v.object === 'income-expenses' },
      { name: 'qIncome', label: 'Доходы по кварталам, ₽', kind: 'text', placeholder: '500 000; 700 000; 800 000; 1 000 000', hint: 'Доход каждого квартала через точку с запятой (1–4 квартала)', when: (v) => v.by === 'quarters' },
      { name: 'qExpenses', label: 'Расходы по кварталам, ₽', kind: 'text', placeholder: '300 000; 400 000', when: (v) => v.by === 'quarters' && v.object === 'income-expenses' },
      { name: 'entrepreneurWithoutEmployees', label: 'ИП без работников', kind: 'bool', initial: 'false', options: YES_NO, when: (v) => v.object !== 'income-expenses' },
      { name: 'contributions', label: 'Уплаченные взносы, ₽', kind: 'money', hint: ownContributionsHint(''), when: (v) => v.by !== 'quarters' && v.object !== 'income-expenses' },
      { name: 'qContributions', label: 'Взносы по кварталам, ₽', kind: 'text', hint: ownContributionsHint(' нарастающим итогом'), when: (v) => v.by === 'quarters' && v.object !== 'income-expenses' },
      { name: 'payer', label: 'Налогоплательщик (срок налога за год)', kind: 'select', initial: 'organization', options: [
        { value: 'organization', label: 'Организация — до 28 марта' },
        { value: 'entrepreneur', label: 'ИП — до 28 апреля' },
      ], hint: 'ИП с работниками: выберите «ИП» — взносы за себя уменьшат налог не больше чем на 50 %', when: (v) => v.by === 'quarters' || v.object !== 'income-expenses' },
      { name: 'ratePct', label: 'Ставка региона, % (необязательно)', kind: 'percent' },
    ],
    toInput: (v) => {
      const input = visibleInput(TAXES_FORMS.usn!.fields, v);
      delete input.by;
      for (const k of ['qIncome', 'qExpenses', 'qContributions']) delete input[k];
      if (v.by === 'quarters') {
        const incomes = splitList(v.qIncome ?? '');
        const expenses = splitList(v.qExpenses ?? '');
        const contributions = splitList(v.qContributions ?? '');
        input.quarters = incomes.map((income, i) => ({
          income,
          ...(v.object === 'income-expenses' ? { expenses: expenses[i] ?? '0' } : {}),
          ...(v.object !== 'income-expenses' && contributions.length ? { contributions: contributions[i] ?? '0' } : {}),
        }));
      }
      return input;
    },
    fieldOf: (path) => {
      const m = /^quarters(?:\.\d+\.(income|expenses|contributions))?/.exec(path);
      if (!m) return undefined;
      return m[1] === 'expenses' ? 'qExpenses' : m[1] === 'contributions' ? 'qContributions' : 'qIncome';
    },
    outputs: [
      { key: 'taxBase', label: 'Налоговая база', kind: 'money' },
      { key: 'deduction', label: 'Уменьшение на взносы', kind: 'money' },
      { key: 'minimumTax', label: 'Минимальный налог', kind: 'money' },
      { key: 'tax', label: 'Налог', kind: 'money' },
      { key: 'payable', label: 'К уплате за последний период', kind: 'money' },
    ],
  },
  'tax-penalty': {
    fields: [
      { name: 'debt', label: 'Недоимка, ₽', kind: 'money' },
      { name: 'dueDate', label: 'Срок уплаты', kind: 'date', hint: 'Срок, выпавший на выходной или праздник, — следующий рабочий день' },
      { name: 'paymentDate', label: 'Дата уплаты', kind: 'date' },
      { name: 'payer', label: 'Плательщик', kind: 'select', initial: 'organization', options: [
        { value: 'organization', label: 'Организация' },
        { value: 'individual', label: 'ИП или физическое лицо' },
      ] },
      PAYMENTS_FIELD,
    ],
    outputs: PERIOD_OUTPUTS,
  },
  'ip-contributions': {
    fields: [
      { name: 'year', label: 'Год', kind: 'int' },
      { name: 'object', label: 'Объект', kind: 'select', initial: 'income', options: [
        { value: 'income', label: 'Доходы (УСН 6 %, ПСН, ОСНО)' },
        { value: 'income-expenses', label: 'Доходы минус расходы' },
      ] },
      { name: 'income', label: 'Доходы за год, ₽', kind: 'money', initial: '0' },
      { name: 'expenses', label: 'Расходы за год, ₽', kind: 'money', when: (v) => v.object === 'income-expenses' },
      { name: 'registeredFrom', label: 'Дата регистрации ИП (если в этом году)', kind: 'date' },
    ],
    outputs: [
      { key: 'fixed', label: 'Фиксированные взносы', kind: 'money' },
      { key: 'additional', label: '1 % с дохода свыше 300 000 ₽', kind: 'money' },
      { key: 'total', label: 'Всего', kind: 'money' },
    ],
  },
};
