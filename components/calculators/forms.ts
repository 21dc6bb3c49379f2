/**
 * The calculator forms: Russian labels, field kinds and how the typed text becomes the call's input.
 * Values are kept as typed (also in the URL, so a link reproduces the form); dates are typed дд.мм.гггг.
 */

import { ELEVEN_MONTHS_SOURCE } from '@/lib/domain/calculators/vacation-compensation';
import { formatIsoDate, parseRuDate, parseRuMonth } from '@/lib/domain/format/date';

/**
 * `payments`: partial payments typed as «дд.мм.гггг сумма; …», sent as `[{date, amount}]`.
 * `check`: a checkbox, `'true'`/`'false'` (its hint — the rule's source — stays visible beside it).
 */
type FieldKind = 'money' | 'percent' | 'number' | 'int' | 'date' | 'month' | 'select' | 'bool' | 'check' | 'text' | 'payments';

export interface FormField {
  name: string;
  label: string;
  kind: FieldKind;
  options?: { value: string; label: string }[];
  hint?: string;
  placeholder?: string;
  /** Initial value of a fresh form. */
  initial?: string;
  /** Shown only when this returns true for the current values. */
  when?: (v: Values) => boolean;
}

export type Values = Record<string, string>;

export type OutputKind = 'money' | 'percent' | 'days' | 'qty' | 'years' | 'text';
export interface FormOutput {
  key: string;
  label: string;
  kind: OutputKind;
}

export interface CalculatorForm {
  fields: FormField[];
  outputs: FormOutput[];
  /** Overrides the default conversion (every non-empty field under its own name). */
  toInput?: (v: Values) => Record<string, unknown>;
  /** Server field path → form field (for list fields). */
  fieldOf?: (path: string) => string | undefined;
}

const TARIFFS = [
  { value: 'general', label: 'Общий тариф (30 % / 15,1 %)' },
  { value: 'msp', label: 'МСП: 15 % сверх 1,5 МРОТ' },
  { value: 'msp-manufacturing', label: 'МСП обрабатывающих производств: 7,6 %' },
];
const YES_NO = [
  { value: 'true', label: 'Да' },
  { value: 'false', label: 'Нет' },
];

const PERIOD_OUTPUTS: FormOutput[] = [
  { key: 'amount', label: 'Сумма', kind: 'money' },
  { key: 'days', label: 'Дней', kind: 'days' },
];

/** «05.02.2026 40 000; 20.02.2026 10 000,50» → `[{date: '2026-02-05', amount: '40 000'}, …]`; null when a part is not «date amount». */
function parsePayments(text: string): { date: string; amount: string }[] | null {
  const out: { date: string; amount: string }[] = [];
  for (const part of splitList(text)) {
    const m = /^(\S+)\s+(.+)$/.exec(part);
    const date = m ? parseRuDate(m[1]!) : null;
    if (!m || !date) return null;
    out.push({ date, amount: m[2]!.trim() });
  }
  return out;
}

/** `[{date, amount}]` → «05.02.2026 40000; …» (a stored input back in the form). */
const paymentsText = (list: { date?: unknown; amount?: unknown }[]) =>
  list.map((p) => `${formatIsoDate(String(p.date ?? ''))} ${String(p.amount ?? '')}`).join('; ');

const PAYMENTS_FIELD: FormField = {
  name: 'payments',
  label: 'Частичные оплаты (необязательно)',
  kind: 'payments',
  placeholder: '05.02.2026 40 000; 20.02.2026 10 000',
  hint: 'Дата и сумма через пробел, оплаты через точку с запятой; долг уменьшается со следующего дня',
};

/** УСН «доходы»: what an empty contributions field means (for an ИП, the year's own contributions are computed). */
const ownContributionsHint = (how: string) =>
  `Для ИП можно оставить пустым — взносы за себя посчитаются${how}: без работников уменьшают налог до 100 %, с работниками — до 50 %`;

/** `300 000; 400 000` → ["300 000", "400 000"] (the server reads each number). */
const splitList = (text: string) =>
  text
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

export const FORMS: Record<string, CalculatorForm> = {
  vat: {
    fields: [
      { name: 'amount', label: 'Сумма, ₽', kind: 'money' },
      { name: 'mode', label: 'Действие', kind: 'select', initial: 'add', options: [
        { value: 'add', label: 'Начислить НДС (сумма без НДС)' },
        { value: 'extract', label: 'Выделить НДС (сумма с НДС)' },
      ] },
      { name: 'ratePct', label: 'Ставка НДС, %', kind: 'select', initial: '22', options: ['22', '10', '7', '5', '0'].map((r) => ({ value: r, label: `${r} %` })) },
    ],
    outputs: [
      { key: 'net', label: 'Сумма без НДС', kind: 'money' },
      { key: 'vat', label: 'НДС', kind: 'money' },
      { key: 'gross', label: 'Сумма с НДС', kind: 'money' },
    ],
  },
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
  salary: {
    fields: [
      { name: 'mode', label: 'Что известно', kind: 'select', initial: 'gross', options: [
        { value: 'gross', label: 'Начислено (до НДФЛ)' },
        { value: 'net', label: 'На руки' },
      ] },
      { name: 'amount', label: 'Сумма за месяц, ₽', kind: 'money' },
      { name: 'incomeBefore', label: 'Доход с начала года до этого месяца, ₽', kind: 'money', initial: '0' },
      { name: 'month', label: 'Месяц (мм.гггг)', kind: 'month', placeholder: '01.2026' },
      { name: 'tariff', label: 'Тариф взносов', kind: 'select', initial: 'general', options: TARIFFS },
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
  'interest-395': {
    fields: [
      { name: 'debt', label: 'Сумма долга, ₽', kind: 'money' },
      { name: 'from', label: 'Начало периода (включительно)', kind: 'date' },
      { name: 'to', label: 'Конец периода (включительно)', kind: 'date' },
      PAYMENTS_FIELD,
    ],
    outputs: PERIOD_OUTPUTS,
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
      const input = toInputDefault('usn', v);
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
  'employee-contributions': {
    fields: [
      { name: 'monthlyPay', label: 'Начислено за месяц, ₽', kind: 'money' },
      { name: 'ytdBefore', label: 'Начислено с начала года до месяца, ₽', kind: 'money', initial: '0' },
      { name: 'month', label: 'Месяц (мм.гггг)', kind: 'month', placeholder: '01.2026' },
      { name: 'tariff', label: 'Тариф', kind: 'select', initial: 'general', options: TARIFFS },
      { name: 'accidentPct', label: 'Взносы на травматизм, %', kind: 'percent', initial: '0,2' },
    ],
    outputs: [
      { key: 'contributions', label: 'Страховые взносы', kind: 'money' },
      { key: 'accident', label: 'Взносы на травматизм', kind: 'money' },
      { key: 'total', label: 'Всего', kind: 'money' },
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
  'court-fee': {
    fields: [{ name: 'claim', label: 'Цена иска, ₽', kind: 'money' }],
    outputs: [{ key: 'fee', label: 'Госпошлина', kind: 'money' }],
  },
};

/** A fresh form: the fields' initial values. */
export function initialValues(id: string): Values {
  const form = FORMS[id];
  const v: Values = {};
  for (const f of form?.fields ?? []) if (f.initial !== undefined) v[f.name] = f.initial;
  return v;
}

/** Local checks before the call (dates typed дд.мм.гггг); `{}` when fine. */
export function localErrors(id: string, values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of visibleFields(id, values)) {
    const t = (values[f.name] ?? '').trim();
    if (!t) continue;
    if (f.kind === 'payments' && !parsePayments(t)) errors[f.name] = 'Запишите оплаты как «дд.мм.гггг сумма», через точку с запятой.';
    if (f.kind === 'date' && !parseRuDate(t)) errors[f.name] = 'Введите дату как дд.мм.гггг, например 28.01.2026.';
    if (f.kind === 'month' && !parseRuMonth(t)) errors[f.name] = 'Введите месяц как мм.гггг, например 01.2026.';
  }
  return errors;
}

export const visibleFields = (id: string, values: Values) => (FORMS[id]?.fields ?? []).filter((f) => !f.when || f.when(values));

/** The call's input: the visible non-empty fields (dates and months as ISO), or the form's own mapping. */
export function toInput(id: string, values: Values): Record<string, unknown> {
  const form = FORMS[id];
  if (!form) return {};
  if (form.toInput) return form.toInput(values);
  return toInputDefault(id, values);
}

/** Every visible non-empty field under its own name: dates and months as ISO, payments as a list. */
function toInputDefault(id: string, values: Values): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of visibleFields(id, values)) {
    const t = (values[f.name] ?? '').trim();
    if (!t) continue;
    input[f.name] =
      f.kind === 'date' ? (parseRuDate(t) ?? t) : f.kind === 'month' ? (parseRuMonth(t) ?? t) : f.kind === 'payments' ? (parsePayments(t) ?? t) : t;
  }
  return input;
}

/** Server field errors (`input.x.y`) → form field names; the rest go to `_`. */
export function formErrors(id: string, fields: Record<string, string>): Record<string, string> {
  const form = FORMS[id];
  const names = new Set(form?.fields.map((f) => f.name));
  const out: Record<string, string> = {};
  for (const [path, msg] of Object.entries(fields)) {
    const p = path.replace(/^input\.?/, '');
    const name = form?.fieldOf?.(p) ?? p.split('.')[0] ?? '';
    const key = names.has(name) ? name : '_';
    if (!(key in out)) out[key] = msg;
  }
  return out;
}

/** Form values back from a stored input (recent runs): the inverse of `toInput` for links. */
export function valuesFromInput(id: string, input: Record<string, unknown>): Values {
  const v: Values = {};
  for (const [k, x] of Object.entries(input)) if (typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean') v[k] = String(x);
  if (id === 'markup') v.by = ['marginPct', 'price'].find((k) => k in v) ?? 'markupPct';
  if (id === 'contract-penalty') v.by = 'keyRateFraction' in v ? 'keyRateFraction' : 'pctPerDay';
  if (Array.isArray(input.payments)) v.payments = paymentsText(input.payments as { date?: unknown; amount?: unknown }[]);
  if (id === 'usn') {
    const q = Array.isArray(input.quarters) ? (input.quarters as { income?: unknown; expenses?: unknown; contributions?: unknown }[]) : null;
    v.by = q ? 'quarters' : 'year';
    if (q) {
      v.qIncome = q.map((x) => String(x.income ?? '')).join('; ');
      if (q.some((x) => x.expenses !== undefined)) v.qExpenses = q.map((x) => String(x.expenses ?? '0')).join('; ');
      if (q.some((x) => x.contributions !== undefined)) v.qContributions = q.map((x) => String(x.contributions ?? '0')).join('; ');
    }
  }
  if (Array.isArray(input.cashFlows)) v.cashFlows = input.cashFlows.map(String).join('; ');
  if (Array.isArray(input.partialMonths)) {
    v.partialMonths = (input.partialMonths as { calendarDays?: unknown; workedDays?: unknown }[]).map((p) => `${p.calendarDays}/${p.workedDays}`).join('; ');
  }
  if (id === 'sick-leave' && Array.isArray(input.earnings)) {
    const e = input.earnings as { amount?: unknown }[];
    v.earnings1 = String(e[0]?.amount ?? '');
    v.earnings2 = String(e[1]?.amount ?? '');
  }
  return v;
}
