/** Russian labels of the placeholders the app fills (the form shows the name itself for the others). */

const COMPANY: Record<string, string> = {
  name: 'название',
  fullName: 'полное наименование',
  shortName: 'краткое наименование',
  kind: 'вид',
  inn: 'ИНН',
  kpp: 'КПП',
  ogrn: 'ОГРН / ОГРНИП',
  okpo: 'ОКПО',
  legalAddress: 'юридический адрес',
  postalAddress: 'почтовый адрес',
  directorName: 'руководитель',
  directorTitle: 'должность руководителя',
  accountantName: 'главный бухгалтер',
  phone: 'телефон',
  email: 'e-mail',
  taxRegime: 'налоговый режим',
  vat: 'НДС',
  'bank.name': 'банк',
  'bank.bik': 'БИК',
  'bank.corrAccount': 'корр. счёт',
  'bank.account': 'расчётный счёт',
  named: '«именуемое / именуемый»',
  directorActing: '«действующего / действующей»',
};

/** Words the server derives from the names when left empty («именуемое», «действующего»). */
const DERIVED = new Set(['named', 'directorActing']);
export const isDerivedField = (name: string): boolean =>
  (name.startsWith('company.') || name.startsWith('counterparty.')) && DERIVED.has(name.slice(name.indexOf('.') + 1));

const LABELS: Record<string, string> = {
  'doc.number': 'Номер документа',
  'doc.date': 'Дата документа',
  'doc.basis': 'Основание',
  'totals.count': 'Всего наименований',
  'totals.amount': 'Итого без НДС',
  'totals.vat': 'Сумма НДС',
  'totals.vatRate': 'Ставка НДС',
  'totals.vatTitle': 'Строка НДС (подпись)',
  'totals.vatText': 'Строка НДС (сумма)',
  'totals.total': 'Всего к оплате',
  'cost.name': 'Изделие',
  'cost.unit': 'Единица измерения',
  'cost.qty': 'Количество',
  'cost.vatRate': 'Ставка НДС',
  'cost.fullCost': 'Полная себестоимость единицы',
  'cost.priceNoVat': 'Цена без НДС',
  'cost.vat': 'НДС на единицу',
  'cost.priceWithVat': 'Цена с НДС',
  'cost.profit': 'Прибыль на единицу',
  'cost.totalFullCost': 'Себестоимость выпуска',
  'cost.totalNoVat': 'Сумма без НДС',
  'cost.totalVat': 'Сумма НДС',
  'cost.total': 'Сумма с НДС',
  n: '№',
  no: 'Статья',
  title: 'Название статьи',
  name: 'Наименование',
  qty: 'Кол-во',
  unit: 'Ед.',
  price: 'Цена',
  amount: 'Сумма',
  total: 'Сумма',
  article: 'Статья',
};

const LOOPS: Record<string, string> = {
  items: 'Товары (работы, услуги)',
  'cost.articles': 'Калькуляция по статьям',
  'cost.lines': 'Строки калькуляции',
};

/** `company.inn` → «Своя компания: ИНН», `doc.date` → «Дата документа», unknown → the name. */
export function fieldLabel(name: string): string {
  if (LABELS[name]) return LABELS[name];
  for (const [prefix, who] of [['company.', 'Своя компания'], ['counterparty.', 'Контрагент']] as const) {
    if (name.startsWith(prefix) && COMPANY[name.slice(prefix.length)]) return `${who}: ${COMPANY[name.slice(prefix.length)]}`;
  }
  return name;
}

export const loopLabel = (name: string): string => LOOPS[name] ?? `Список «${name}»`;

/** The group a field is shown in. */
export function fieldGroup(name: string): string {
  if (name.startsWith('company.')) return 'Своя компания';
  if (name.startsWith('counterparty.')) return 'Контрагент';
  if (name.startsWith('cost.')) return 'Калькуляция';
  if (name.startsWith('totals.')) return 'Итоги';
  if (name.startsWith('doc.')) return 'Документ';
  return 'Прочие поля';
}
