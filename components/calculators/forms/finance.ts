/** The forms of the «Финансы и кредиты» calculators. */

import { splitList } from './shared';
import type { CalculatorForm } from './types';

export const FINANCE_FORMS: Record<string, CalculatorForm> = {
  loan: {
    fields: [
      { name: 'principal', label: 'Сумма кредита, ₽', kind: 'money' },
      { name: 'annualRatePct', label: 'Ставка, % годовых', kind: 'percent' },
      { name: 'months', label: 'Срок, месяцев', kind: 'int' },
      { name: 'type', label: 'Платежи', kind: 'select', initial: 'annuity', options: [
        { value: 'annuity', label: 'Аннуитетные' },
        { value: 'differentiated', label: 'Дифференцированные' },
      ] },
    ],
    outputs: [
      { key: 'firstPayment', label: 'Первый платёж', kind: 'money' },
      { key: 'lastPayment', label: 'Последний платёж', kind: 'money' },
      { key: 'totalInterest', label: 'Переплата', kind: 'money' },
      { key: 'totalPaid', label: 'Всего выплат', kind: 'money' },
    ],
  },
  leasing: {
    fields: [
      { name: 'priceWithVat', label: 'Стоимость предмета лизинга с НДС, ₽', kind: 'money' },
      { name: 'advancePct', label: 'Аванс, %', kind: 'percent', initial: '20' },
      { name: 'months', label: 'Срок, месяцев', kind: 'int' },
      { name: 'annualRatePct', label: 'Ставка, % годовых', kind: 'percent' },
      { name: 'buyout', label: 'Выкупная стоимость, ₽', kind: 'money', initial: '0' },
    ],
    outputs: [
      { key: 'advance', label: 'Аванс', kind: 'money' },
      { key: 'payment', label: 'Ежемесячный платёж', kind: 'money' },
      { key: 'vatInPayment', label: 'НДС в платеже', kind: 'money' },
      { key: 'totalPaid', label: 'Всего выплат', kind: 'money' },
      { key: 'appreciationPctPerYear', label: 'Удорожание в год', kind: 'percent' },
    ],
  },
  investment: {
    fields: [
      { name: 'investment', label: 'Вложения, ₽', kind: 'money' },
      { name: 'cashFlows', label: 'Денежные потоки по годам, ₽', kind: 'text', placeholder: '300 000; 400 000; 500 000', hint: 'Через точку с запятой, по порядку лет' },
      { name: 'ratePct', label: 'Ставка дисконтирования, %', kind: 'percent' },
    ],
    toInput: (v) => ({ investment: v.investment, ratePct: v.ratePct, cashFlows: splitList(v.cashFlows ?? '') }),
    fieldOf: (path) => (path.startsWith('cashFlows') ? 'cashFlows' : undefined),
    outputs: [
      { key: 'npv', label: 'NPV', kind: 'money' },
      { key: 'irrPct', label: 'IRR', kind: 'percent' },
      { key: 'paybackYears', label: 'Срок окупаемости', kind: 'years' },
      { key: 'discountedPaybackYears', label: 'Дисконтированный срок окупаемости', kind: 'years' },
      { key: 'roiPct', label: 'ROI', kind: 'percent' },
    ],
  },
};
