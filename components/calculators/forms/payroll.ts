/** The forms of the «Зарплата и кадры» calculators. */

import { ELEVEN_MONTHS_SOURCE } from '@/lib/domain/calculators/vacation-compensation';
import { parseRuDate } from '@/lib/domain/format/date';
import { PAYMENTS_FIELD, PERIOD_OUTPUTS, splitList, tariffField } from './shared';
import type { CalculatorForm } from './types';

export const PAYROLL_FORMS: Record<string, CalculatorForm> = {
  salary: {
    fields: [
      { name: 'mode', label: 'Что известно', kind: 'select', initial: 'gross', options: [
        { value: 'gross', label: 'Начислено (до НДФЛ)' },
        { value: 'net', label: 'На руки' },
      ] },
      { name: 'amount', label: 'Сумма за месяц, ₽', kind: 'money' },
      { name: 'incomeBefore', label: 'Доход с начала года до этого месяца, ₽', kind: 'money', initial: '0' },
      { name: 'month', label: 'Месяц (мм.гггг)', kind: 'month', placeholder: '01.2026' },
      { name: 'tariff', label: 'Тариф взносов', kind: 'select', initial: 'general', ...tariffField },
      { name: 'accidentPct', label: 'Взносы на травматизм, %', kind: 'percent', initial: '0,2' },
      { name: 'children', label: 'Детей для вычета НДФЛ', kind: 'int', initial: '0', hint: 'До 18 лет или учащихся очно до 24 лет' },
      { name: 'disabledChildren', label: 'Из них детей-инвалидов', kind: 'int', when: (v) => Number(v.children) > 0 },
      {
        name: 'deductionsBefore',
        label: 'Вычеты, данные с начала года, ₽ (необязательно)',
        kind: 'money',
        hint: 'Пусто — за каждый прошлый месяц, пока доход не превысил предел',
        when: (v) => Number(v.children) > 0,
      },
    ],
    outputs: [
      { key: 'gross', label: 'Начислено', kind: 'money' },
      { key: 'ndfl', label: 'НДФЛ', kind: 'money' },
      { key: 'net', label: 'На руки', kind: 'money' },
      { key: 'contributions', label: 'Страховые взносы', kind: 'money' },
      { key: 'accident', label: 'Взносы на травматизм', kind: 'money' },
      { key: 'employerCost', label: 'Расходы работодателя', kind: 'money' },
    ],
  },
  vacation: {
    fields: [
      { name: 'earnings', label: 'Выплаты за 12 месяцев, ₽', kind: 'money', hint: 'Без больничных, отпускных и других исключаемых сумм' },
      { name: 'fullMonths', label: 'Полностью отработанных месяцев', kind: 'int', initial: '12' },
      { name: 'partialMonths', label: 'Неполные месяцы: календарных дней/отработано', kind: 'text', placeholder: '30/15; 31/10', hint: 'Через точку с запятой, например 30/15' },
      { name: 'days', label: 'Дней отпуска', kind: 'int', initial: '28' },
      {
        name: 'incomeBefore',
        label: 'Доход с начала года до отпускных, ₽ (необязательно)',
        kind: 'money',
        hint: 'Для НДФЛ по прогрессивной шкале: 13 % до 2,4 млн ₽ за год, сверх — 15 % и выше',
      },
    ],
    toInput: (v) => ({
      earnings: v.earnings,
      fullMonths: v.fullMonths,
      days: v.days,
      ...(v.incomeBefore?.trim() ? { incomeBefore: v.incomeBefore.trim() } : {}),
      partialMonths: splitList(v.partialMonths ?? '').map((p) => {
        const [calendarDays, workedDays] = p.split('/').map((x) => x.trim());
        return { calendarDays, workedDays };
      }),
    }),
    fieldOf: (path) => (path.startsWith('partialMonths') ? 'partialMonths' : undefined),
    outputs: [
      { key: 'averageDaily', label: 'Средний дневной заработок', kind: 'money' },
      { key: 'amount', label: 'Отпускные', kind: 'money' },
      { key: 'ndfl', label: 'НДФЛ', kind: 'money' },
      { key: 'payable', label: 'К выплате', kind: 'money' },
    ],
  },
  'vacation-compensation': {
    fields: [
      { name: 'monthsWorked', label: 'Месяцев работы (15 дней и больше — целый месяц)', kind: 'int' },
      { name: 'daysUsed', label: 'Использовано дней отпуска', kind: 'number', initial: '0' },
      { name: 'averageDaily', label: 'Средний дневной заработок, ₽', kind: 'money' },
      { name: 'annualDays', label: 'Дней отпуска в году', kind: 'int', initial: '28' },
      {
        name: 'elevenMonthsFullYear',
        label: '11 месяцев рабочего года — как полный год (полный отпуск)',
        kind: 'check',
        initial: 'false',
        hint: ELEVEN_MONTHS_SOURCE,
      },
    ],
    outputs: [
      { key: 'days', label: 'Дней к компенсации', kind: 'qty' },
      { key: 'amount', label: 'Компенсация', kind: 'money' },
      { key: 'monthsCounted', label: 'Месяцев в расчёте', kind: 'qty' },
    ],
  },
  'sick-leave': {
    fields: [
      { name: 'startDate', label: 'Начало болезни', kind: 'date' },
      { name: 'earnings1', label: 'Заработок за позапрошлый год, ₽', kind: 'money' },
      { name: 'earnings2', label: 'Заработок за прошлый год, ₽', kind: 'money' },
      { name: 'insuranceYears', label: 'Страховой стаж, лет', kind: 'number' },
      { name: 'days', label: 'Дней болезни', kind: 'int' },
    ],
    toInput: (v) => {
      const iso = parseRuDate(v.startDate ?? '');
      const y = iso ? Number(iso.slice(0, 4)) : NaN;
      return {
        startDate: iso ?? v.startDate,
        insuranceYears: v.insuranceYears,
        days: v.days,
        earnings: Number.isFinite(y)
          ? [
              { year: y - 2, amount: v.earnings1 || '0' },
              { year: y - 1, amount: v.earnings2 || '0' },
            ]
          : [],
      };
    },
    fieldOf: (path) => (path.startsWith('earnings.0') ? 'earnings1' : path.startsWith('earnings') ? 'earnings2' : undefined),
    outputs: [
      { key: 'averageDaily', label: 'Средний дневной заработок', kind: 'money' },
      { key: 'dailyAllowance', label: 'Пособие в день', kind: 'money' },
      { key: 'amount', label: 'Пособие всего', kind: 'money' },
      { key: 'employerPart', label: 'За счёт работодателя', kind: 'money' },
      { key: 'sfrPart', label: 'За счёт СФР', kind: 'money' },
    ],
  },
  'salary-delay': {
    fields: [
      { name: 'amount', label: 'Задержанная сумма (на руки), ₽', kind: 'money' },
      { name: 'dueDate', label: 'Срок выплаты', kind: 'date' },
      { name: 'paymentDate', label: 'Дата фактической выплаты', kind: 'date' },
      PAYMENTS_FIELD,
    ],
    outputs: PERIOD_OUTPUTS,
  },
  'employee-contributions': {
    fields: [
      { name: 'monthlyPay', label: 'Начислено за месяц, ₽', kind: 'money' },
      { name: 'ytdBefore', label: 'Начислено с начала года до месяца, ₽', kind: 'money', initial: '0' },
      { name: 'month', label: 'Месяц (мм.гггг)', kind: 'month', placeholder: '01.2026' },
      { name: 'tariff', label: 'Тариф', kind: 'select', initial: 'general', ...tariffField },
      { name: 'accidentPct', label: 'Взносы на травматизм, %', kind: 'percent', initial: '0,2' },
    ],
    outputs: [
      { key: 'contributions', label: 'Страховые взносы', kind: 'money' },
      { key: 'accident', label: 'Взносы на травматизм', kind: 'money' },
      { key: 'total', label: 'Всего', kind: 'money' },
    ],
  },
};
