/** The catalog as the pages show it: ids, Russian titles, groups, descriptions (no calculation code). */

export const CALC_GROUPS = ['Налоги', 'Зарплата и кадры', 'Финансы и кредиты', 'Договоры и суды', 'Производство'] as const;
export type CalcGroup = (typeof CALC_GROUPS)[number];

export interface CalculatorMeta {
  id: string;
  title: string;
  group: CalcGroup;
  description: string;
}

/** The 19 calculators in the order the catalog shows them. */
export const CALCULATOR_META: readonly CalculatorMeta[] = [
  { id: 'vat', title: 'НДС: начислить / выделить', group: 'Налоги', description: 'Начислить НДС сверху или выделить из суммы по ставке 22, 10, 7, 5 или 0 %.' },
  { id: 'usn', title: 'Налог по УСН', group: 'Налоги', description: '«Доходы» 6 % с уменьшением на взносы или «доходы минус расходы» 15 % с минимальным налогом.' },
  { id: 'tax-penalty', title: 'Пени по налогам и взносам', group: 'Налоги', description: 'Пени по ключевой ставке: 1/300 и 1/150 для организаций по правилам 2026 года, 1/300 для ИП и физлиц.' },
  { id: 'ip-contributions', title: 'Страховые взносы ИП за себя', group: 'Налоги', description: 'Фиксированные взносы и 1 % с дохода свыше 300 000 ₽, с учётом даты регистрации.' },
  { id: 'salary', title: 'Зарплата: на руки ⇄ начислено', group: 'Зарплата и кадры', description: 'НДФЛ по прогрессивной шкале нарастающим итогом, взносы и полные расходы работодателя.' },
  { id: 'vacation', title: 'Отпускные', group: 'Зарплата и кадры', description: 'Средний дневной заработок за 12 месяцев (29,3 дня в месяце), отпускные и НДФЛ.' },
  { id: 'vacation-compensation', title: 'Компенсация за неиспользованный отпуск', group: 'Зарплата и кадры', description: 'Дни к компенсации при увольнении и сумма по среднему дневному заработку.' },
  { id: 'sick-leave', title: 'Больничный', group: 'Зарплата и кадры', description: 'Пособие по нетрудоспособности: заработок за два года в пределах баз, МРОТ, стаж, доли работодателя и СФР.' },
  { id: 'salary-delay', title: 'Компенсация за задержку зарплаты', group: 'Зарплата и кадры', description: 'Не ниже 1/150 ключевой ставки за каждый день задержки (ст. 236 ТК РФ).' },
  { id: 'employee-contributions', title: 'Страховые взносы за работника', group: 'Зарплата и кадры', description: 'Единый тариф 30 % / 15,1 % с предельной базой, пониженный тариф МСП, взносы на травматизм.' },
  { id: 'loan', title: 'Кредит', group: 'Финансы и кредиты', description: 'Аннуитетный или дифференцированный график платежей, переплата.' },
  { id: 'leasing', title: 'Лизинг', group: 'Финансы и кредиты', description: 'Ежемесячный платёж с выкупной стоимостью, НДС в платеже и удорожание в год.' },
  { id: 'investment', title: 'NPV, IRR, окупаемость', group: 'Финансы и кредиты', description: 'Чистая приведённая стоимость, внутренняя норма доходности, сроки окупаемости и ROI.' },
  { id: 'interest-395', title: 'Проценты по ст. 395 ГК РФ', group: 'Договоры и суды', description: 'Проценты за пользование чужими деньгами по ключевой ставке, с разбивкой по периодам.' },
  { id: 'contract-penalty', title: 'Неустойка по договору', group: 'Договоры и суды', description: 'Процент в день или доля ключевой ставки (например 1/300), с ограничением суммы.' },
  { id: 'court-fee', title: 'Госпошлина в арбитражный суд', group: 'Договоры и суды', description: 'Госпошлина по имущественному иску по шкале ст. 333.21 НК (с 09.09.2024).' },
  { id: 'markup', title: 'Наценка, маржа, цена', group: 'Производство', description: 'Цена по наценке или марже и обратный пересчёт — без путаницы между наценкой и маржой.' },
  { id: 'break-even', title: 'Точка безубыточности', group: 'Производство', description: 'Объём и выручка безубыточности, запас финансовой прочности.' },
  { id: 'depreciation', title: 'Амортизация', group: 'Производство', description: 'Линейный способ и способ уменьшаемого остатка, график по годам.' },
];

export const calculatorMetaById = (id: string): CalculatorMeta | undefined => CALCULATOR_META.find((c) => c.id === id);
